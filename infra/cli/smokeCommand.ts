import { parseArgs } from 'node:util';
import { smokeChecks } from './smokeChecks';
import { runSmoke, smokeTable } from './smokeRun';

const DEFAULT_TIMEOUT_SECONDS = 10;

export const SMOKE_USAGE = `usage: npm run smoke -- <base URL> [--key KEY] [--timeout SECONDS] [--picture URL]

Calls each function group once (docs page, openapi.json, a rank card as SVG and PNG, the bot
list, the webhook providers and the relay's HEAD probe, the dashboard page) and prints a table.
  <base URL>   the deployed stage (the ApiUrl output) or a local server (http://localhost:3000)
  --key        an API key for the keyed checks (images, bots); without one they are skipped
  --timeout    seconds each request may take (default ${DEFAULT_TIMEOUT_SECONDS})
  --picture    the rank card's avatar URL instead of the route table's example picture
Exit code 0 when no check failed, 1 when one did, 2 for a command line in error.`;

/** `npm run smoke`: the checks' table on `print`, and the exit code. The key never reaches `print`. */
export async function smokeMain(argv: string[], print: (line: string) => void): Promise<number> {
  let parsed: ReturnType<typeof readArguments>;
  try {
    parsed = readArguments(argv);
  } catch (error) {
    print(`${(error as Error).message}\n${SMOKE_USAGE}`);
    return 2;
  }
  if ('help' in parsed) {
    print(SMOKE_USAGE);
    return 0;
  }
  const { baseUrl, key, timeoutMs, picture } = parsed;
  const rows = await runSmoke(baseUrl, smokeChecks(picture), { key, timeoutMs });
  const table = smokeTable(rows);
  print(key ? table.replaceAll(key, '<key>') : table);
  const failed = rows.filter((row) => row.outcome === 'failed').length;
  const skipped = rows.filter((row) => row.outcome === 'skipped').length;
  print(
    failed > 0
      ? `${failed} of ${rows.length} checks failed`
      : `all ${rows.length - skipped} checks passed${skipped > 0 ? `, ${skipped} skipped (no --key)` : ''}`,
  );
  return failed > 0 ? 1 : 0;
}

function readArguments(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      key: { type: 'string' },
      timeout: { type: 'string' },
      picture: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return { help: true } as const;
  const [baseUrl, ...more] = positionals;
  if (baseUrl === undefined || more.length > 0) throw new Error(`one base URL expected, given ${positionals.length}`);
  if (!/^https?:\/\/[^/]/.test(baseUrl)) throw new Error(`the base URL must be http(s)://..., got ${baseUrl}`);
  const seconds = Number(values.timeout ?? DEFAULT_TIMEOUT_SECONDS);
  if (!(seconds > 0)) throw new Error(`--timeout must be a number of seconds above 0, got ${values.timeout}`);
  return { baseUrl, key: values.key, timeoutMs: Math.round(seconds * 1000), picture: values.picture };
}
