import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FakeGateway } from './fakeDiscordGateway';

export interface DiscordScript {
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves once its output matches `pattern`; rejects after `ms` with what it printed. */
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `source` saved as script.mjs in a folder of its own and run by node as a bot developer would run
 * it, importing this repository's discord.js, its Discord being `gateway` (discordAtFake.mjs points
 * discord.js there; `minuteMs` shortens a wait of a minute). `project`: run it in that folder (with
 * its own node_modules, kept afterwards) instead.
 */
export function runDiscordScript(
  source: string,
  gateway: FakeGateway,
  env: Record<string, string>,
  { minuteMs, project }: { minuteMs?: number; project?: string } = {},
): DiscordScript {
  const folder = project ?? mkdtempSync(join(tmpdir(), 'discord-script-'));
  if (!project) symlinkSync(resolve('node_modules'), join(folder, 'node_modules'));
  writeFileSync(join(folder, 'script.mjs'), source);
  const child = spawn(process.execPath, ['--import', resolve('test/support/discordAtFake.mjs'), 'script.mjs'], {
    cwd: folder,
    env: {
      PATH: process.env.PATH ?? '',
      FAKE_DISCORD_API: gateway.apiBase,
      ...(minuteMs ? { MINUTE_MS: String(minuteMs) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const exited = once(child, 'exit');
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (text) => (printed += text));
  return {
    output: () => printed,
    async waitFor(pattern, ms = 10_000) {
      const until = Date.now() + ms;
      while (!pattern.test(printed)) {
        if (Date.now() > until || child.exitCode !== null)
          throw new Error(`the script never printed ${pattern}; it printed:\n${printed}`);
        await new Promise((done) => setTimeout(done, 25));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
      if (!project) rmSync(folder, { recursive: true, force: true });
    },
  };
}
