import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@jest/globals';
import { startTestApi } from '../support/localApi';

/** A port free right now, as the embedded store's wished one. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('a local server whose set-up fails leaves nothing running, its embedded store included', async () => {
  const dynamoPort = await freePort();
  // A table name DynamoDB refuses (under 3 characters): the set-up fails once the store is up.
  await expect(startTestApi({ dynamoPort, tableName: 'ab' })).rejects.toThrow();
  // The store's port is free again.
  const again = createServer().listen(dynamoPort, '127.0.0.1');
  await once(again, 'listening');
  await new Promise((resolve) => again.close(resolve));
});
