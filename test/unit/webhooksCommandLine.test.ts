import { describe, expect, test } from '@jest/globals';
import { runWebhooksCommand } from '../../infra/cli/webhooksCommand';
import type { ReplayDeps } from '../../shared/webhooks/replay';

/** A delivery log that must not be reached: a command line in error is answered before any read. */
const untouchable = new Proxy({} as ReplayDeps, {
  get: (_target, name) => {
    throw new Error(`the command line in error reached ${String(name)}`);
  },
});

const webhooks = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runWebhooksCommand(argv, untouchable, (line) => lines.push(line));
  return { code, out: lines.join('\n') };
};

describe('npm run webhooks reads its command line as npm run keys does', () => {
  test.each([
    [['replay', 'd-1', 'd-2'], 'replay takes one argument; given 2: "d-1" "d-2"'],
    [['list', 'failed'], 'list takes no arguments; given 1: "failed"'],
    [['list', '--faild'], "Unknown option '--faild'"],
    [['list', '--webhook'], "Option '--webhook <value>' argument missing"],
    [[], 'no command given'],
    [['relpay', 'd-1'], 'unknown command relpay'],
  ])('%j: exit 2 with what is wrong and the usage, nothing read', async (argv, message) => {
    const refused = await webhooks(...argv);
    expect(refused).toMatchObject({ code: 2, out: expect.stringContaining(message) });
    expect(refused.out).toContain('usage: npm run webhooks');
  });

  test.each([[['--help']], [['-h']], [['help']], [['replay', '--help']]])(
    '%j prints the usage, exit 0',
    async (argv) => {
      expect(await webhooks(...argv)).toEqual({ code: 0, out: expect.stringMatching(/^usage: npm run webhooks/) });
    },
  );
});
