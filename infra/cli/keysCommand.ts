import { usageError, withCommandLine, type CommandGrammar, type ParsedCommandLine } from './commandLine';
import type { KeyRegistry } from '../../shared/access/keyAdmin';
import type { BotStore } from '../../shared/store';
import type { Migrated } from '../../shared/store/migrations';

/** What the commands beyond keys work on: the table's bots. */
export interface AccountTools {
  /** Brings bots and webhook secrets of earlier versions to today's layout; how many changed. */
  migrate(): Promise<Migrated>;
  bots: BotStore;
}

export const USAGE = `usage: npm run keys -- <command> [--aws [--stack <name>] [--region <region>]]
  create --name <name> [--owner <owner>]   create a key; its value is printed once
  list                                     list keys (id, name, owner, created, revoked)
  revoke <id>                              revoke a key by id
  migrate                                  bring bots and webhooks of earlier versions up to date (once per upgrade)
  transfer-bot <clientId> --owner <account>  give a bot (with its records) to another account, verified
options: --json  print machine-readable JSON
         --aws   manage the keys of the deployed stack (default stack ChatbotUtilityApi)
         --help  print this text`;

export const KEY_OPTIONS = {
  name: { type: 'string' },
  owner: { type: 'string' },
  json: { type: 'boolean', default: false },
  aws: { type: 'boolean', default: false },
  stack: { type: 'string', default: 'ChatbotUtilityApi' },
  region: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * The `keys` command line: each command and the arguments it
 * takes after its name (more is a usage error, never ignored).
 */
export const KEYS_GRAMMAR: CommandGrammar<typeof KEY_OPTIONS> = {
  options: KEY_OPTIONS,
  arguments: { create: 0, list: 0, revoke: 1, migrate: 0, 'transfer-bot': 1 },
  usage: USAGE,
};

/** The `keys` commands over a key registry (local store or AWS); returns the process exit code. */
export function runKeysCommand(
  argv: string[],
  registry: KeyRegistry,
  print: (line: string) => void,
  tools?: AccountTools,
): Promise<number> {
  return withCommandLine(argv, KEYS_GRAMMAR, print, (parsed) => keysCommand(parsed, registry, print, tools));
}

async function keysCommand(
  { values, positionals }: ParsedCommandLine<typeof KEY_OPTIONS>,
  registry: KeyRegistry,
  print: (line: string) => void,
  tools?: AccountTools,
): Promise<number> {
  const [command, ...rest] = positionals;
  const out = (human: string, data: unknown) => print(values.json ? JSON.stringify(data) : human);

  switch (command) {
    case 'create': {
      const name = values.name?.trim();
      if (!name) return fail(print, 'create needs --name <name>');
      const { record, value } = await registry.create({ name, owner: values.owner?.trim() || undefined });
      out(
        `created ${record.id} (${record.name}, owner ${record.owner})\nkey: ${value}\nThe key is shown only ` +
          'now; it is stored hashed.',
        { ...record, key: value },
      );
      return 0;
    }
    case 'list': {
      const records = (await registry.list()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const lines = records.map((r) =>
        [r.id, r.name, r.owner, r.createdAt, r.revokedAt ? `revoked ${r.revokedAt}` : 'active'].join('\t'),
      );
      out(lines.length ? ['id\tname\towner\tcreated\tstate', ...lines].join('\n') : 'no keys', records);
      return 0;
    }
    case 'revoke': {
      const id = rest[0];
      if (!id) return fail(print, 'revoke needs a key id');
      const record = await registry.revoke(id, new Date().toISOString());
      if (!record) return fail(print, `no key with id ${id}`);
      out(`revoked ${record.id} at ${record.revokedAt}`, record);
      return 0;
    }
    case 'migrate': {
      if (!tools) return fail(print, 'migrate needs the table');
      const migrated = await tools.migrate();
      out(
        `${migrated.bots} bot(s) and ${migrated.webhooks} webhook(s) brought up to date (their owner account ` +
          'and its list; unverified bots unlisted); ' +
          `${migrated.botNameKeys} bot(s) re-keyed in the listing by name`,
        migrated,
      );
      return 0;
    }
    case 'transfer-bot': {
      // The operator settles a dispute (the real owner lost their account, two accounts hold the token).
      const [clientId] = rest;
      const owner = values.owner?.trim();
      if (!tools) return fail(print, 'transfer-bot needs the table');
      if (!clientId || !/^[1-9][0-9]{16,19}$/.test(clientId) || !owner)
        return fail(print, 'transfer-bot needs a client id and --owner <account>');
      const result = await tools.bots.transfer(clientId, owner, new Date());
      if (result === 'notFound') return fail(print, `no bot ${clientId}`);
      out(`bot ${clientId} (${result.bot.name}) now belongs to ${owner}, verified`, {
        clientId,
        owner,
        name: result.bot.name,
        verifiedAt: result.bot.verifiedAt,
      });
      return 0;
    }
    default:
      return fail(print, `unknown command ${command}`);
  }
}

const fail = (print: (line: string) => void, message: string) => usageError(print, message, USAGE);
