import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { addressRange, isPublicAddress } from './addressPolicy';
import { ImageFetchError } from './fetchError';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name resolution, replaceable in tests to play DNS answers that point inside the network. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export const privateAddressError = (address: string) =>
  new ImageFetchError(`the host is a non-public address (${address}, ${addressRange(address)})`, 'notPublic');

/**
 * A `lookup` for the socket: it resolves the host when the connection is made and refuses when
 * any address is not public, so a DNS answer cannot steer the fetch into the network between the
 * check and the connect (rebinding), and mixed public/private answers are refused as a whole.
 */
export function guardedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (!first) return callback(new ImageFetchError('the host name does not resolve'));
        const refused = allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
        if (refused) return callback(privateAddressError(refused.address));
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: Error & { code?: string }) => callback(error),
    );
  }) as LookupFunction;
}
