import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { promisify } from 'node:util';
import { smokeMain } from '../../infra/cli/smokeCommand';
import { startImageApi, type ImageApi } from '../support/imageApi';
import { startSilentPeer, type SilentPeer } from '../support/silentPeer';

/** The smoke command's printed lines and exit code. */
async function smoke(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await smokeMain(argv, (line) => lines.push(...line.split('\n')));
  return { code, lines };
}

/** The table's data rows (between its header and the summary line). */
const rowsOf = (lines: string[]) => lines.slice(1, -1);

/** A port on 127.0.0.1 that refuses connections: one just listened on and closed. */
async function refusingPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

describe('npm run smoke against the local server', () => {
  let images: ImageApi;
  beforeAll(async () => {
    images = await startImageApi();
  });
  afterAll(async () => {
    await images.close();
  });

  test('with a key: every check ok, exit 0, and the key is never printed', async () => {
    const { code, lines } = await smoke(images.api.url, '--key', images.key, '--picture', `${images.host.url}/cat.png`);
    expect(lines[0]).toMatch(/^check\s+status\s+ms\s+result$/);
    const rows = rowsOf(lines);
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row).toMatch(/\s200\s+\d+\s+ok$/);
    expect(rows.map((row) => row.split(/\s{2,}/)[0])).toEqual([
      'GET docs page',
      'GET openapi.json',
      'GET rank card (SVG)',
      'GET rank card (PNG)',
      'GET bot list',
      'GET webhook providers',
      'HEAD relay HEAD probe',
      'GET dashboard page',
    ]);
    expect(lines.at(-1)).toBe('all 8 checks passed');
    expect(lines.join('\n')).not.toContain(images.key);
    expect(code).toBe(0);
  });

  test('without a key: the keyed checks are skipped, not failed', async () => {
    const { code, lines } = await smoke(`${images.api.url}/`);
    const skipped = rowsOf(lines).filter((row) => row.endsWith('skipped (no --key)'));
    expect(skipped.map((row) => row.split(/\s{2,}/)[0])).toEqual([
      'GET rank card (SVG)',
      'GET rank card (PNG)',
      'GET bot list',
    ]);
    expect(lines.at(-1)).toBe('all 5 checks passed, 3 skipped (no --key)');
    expect(code).toBe(0);
  });

  test('a wrong answer fails its check with the reason: a revoked-looking key is refused', async () => {
    const { code, lines } = await smoke(images.api.url, '--key', 'cbk_not-a-key', '--picture', `${images.host.url}/x`);
    const refused = rowsOf(lines).filter((row) => /\s401\s+\d+\s+expected 200$/.test(row));
    expect(refused).toHaveLength(3);
    expect(lines.at(-1)).toBe('3 of 8 checks failed');
    expect(lines.join('\n')).not.toContain('cbk_not-a-key');
    expect(code).toBe(1);
  });
});

describe('npm run smoke against a dead host', () => {
  test('a port that refuses: the command exits 1 at once, each row saying the connection was refused', async () => {
    const port = await refusingPort();
    const started = Date.now();
    const run = promisify(execFile)('node_modules/.bin/tsx', [
      'infra/cli/smoke.ts',
      `http://127.0.0.1:${port}`,
      '--key',
      'k',
    ]);
    const failure = (await run.then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stdout: string } | undefined;
    expect(failure?.code).toBe(1);
    const rows = rowsOf(failure!.stdout.trimEnd().split('\n'));
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row).toMatch(/connection refused \(ECONNREFUSED\)$/);
    // tsx's start-up is most of it; no check waits for its 10 s timeout.
    expect(Date.now() - started).toBeLessThan(8000);
  });

  let peer: SilentPeer;
  beforeAll(async () => {
    peer = await startSilentPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  test('a host that accepts and never answers: every check fails within the timeout, together', async () => {
    const started = Date.now();
    const { code, lines } = await smoke(peer.endpoint, '--timeout', '1', '--key', 'k');
    const elapsed = Date.now() - started;
    for (const row of rowsOf(lines)) expect(row).toMatch(/\s-\s+\d{4}\s+no answer within 1000 ms$/);
    // Every check connected (another suite's stray connection to a reused port may add one).
    expect(peer.accepted()).toBeGreaterThanOrEqual(8);
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(2500);
    expect(code).toBe(1);
  });
});
