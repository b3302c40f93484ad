import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
export type ParsedCommandLine<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: O }>
>;

/**
 * A CLI's grammar: its options (with `help`), each command and
 * how many arguments it takes after its name, and its usage text.
 */
export interface CommandGrammar<O extends Options> {
  options: O;
  arguments: Record<string, number>;
  usage: string;
}

/**
 * The command line read and checked before any store or AWS account is reached: an unknown
 * option, a missing value or a stray argument (`revoke A B` revoked A alone and said nothing of B)
 * is a usage error. `help` (or `--help`) asks for the usage itself.
 */
export function readCommandLine<O extends Options>(
  argv: string[],
  grammar: CommandGrammar<O>,
): { parsed: ParsedCommandLine<O> } | { help: true } | { error: string } {
  let parsed: ParsedCommandLine<O>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: grammar.options });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const [command, ...rest] = parsed.positionals;
  if ((parsed.values as { help?: boolean }).help || command === 'help') return { help: true };
  if (!command) return { error: 'no command given' };
  const expected = grammar.arguments[command];
  if (expected === undefined) return { error: `unknown command ${command}` };
  if (rest.length > expected) {
    return {
      error:
        `${command} takes ${expected === 0 ? 'no arguments' : 'one argument'}; given ${rest.length}: ` +
        `${rest.map((arg) => JSON.stringify(arg)).join(' ')}`,
    };
  }
  return { parsed };
}

/**
 * Runs `run` on a command line that reads; else the usage (asked for: exit code 0) or what is
 * wrong and the usage (exit code 2).
 */
export async function withCommandLine<O extends Options>(
  argv: string[],
  grammar: CommandGrammar<O>,
  print: (line: string) => void,
  run: (parsed: ParsedCommandLine<O>) => Promise<number>,
): Promise<number> {
  const read = readCommandLine(argv, grammar);
  if ('help' in read) {
    print(grammar.usage);
    return 0;
  }
  if ('error' in read) return usageError(print, read.error, grammar.usage);
  return run(read.parsed);
}

/** A command line in error: what is wrong, the usage, exit code 2. */
export function usageError(print: (line: string) => void, message: string, usage: string): number {
  print(`${message}\n${usage}`);
  return 2;
}
