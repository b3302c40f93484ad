/**
 * What a client is told about a picture that could not be used: one of four classes, never which
 * address a name resolved to nor whether a port refused, timed out or spoke bad TLS (that would
 * make the fetcher a port scanner). The cause goes to the logs.
 */
export type FetchFailure = 'notPublic' | 'unreachable' | 'notPicture' | 'tooLarge';

export const FAILURE_ISSUES: Record<Exclude<FetchFailure, 'tooLarge'>, string> = {
  notPublic: 'is not at a public address; only public hosts are fetched',
  unreachable: 'could not be fetched from its host',
  notPicture: 'is not a PNG, JPEG, GIF or WebP picture',
};

/** A failed fetch: its class, and in `message` the cause for the logs ("timed out after 5 s"). */
export class ImageFetchError extends Error {
  override readonly name = 'ImageFetchError';
  constructor(
    message: string,
    readonly failure: FetchFailure = 'unreachable',
  ) {
    super(message);
  }
}
