import { parseArgs } from 'node:util';
import { createApiKey } from '../../shared/access/keyAdmin';
import type { ApiKeyStore } from '../../shared/store';

export const USAGE = `usage: npm run keys -- <command>
  create --name <name> [--owner <owner>]   create a key; its value is printed once
  list                                     list keys (id, name, owner, created, revoked)
  revoke <id>                              revoke a key by id
options: --json  print machine-readable JSON`;

/** The `keys` commands over any key store; returns the process exit code. */
export async function runKeysCommand(argv: string[], store: ApiKeyStore, print: (line: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, owner: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const [command, ...rest] = positionals;
  const out = (human: string, data: unknown) => print(values.json ? JSON.stringify(data) : human);

  switch (command) {
    case 'create': {
      const name = values.name?.trim();
      if (!name) return fail(print, 'create needs --name <name>');
      const { record, value } = await createApiKey(store, { name, owner: values.owner?.trim() || undefined });
      out(`created ${record.id} (${record.name}, owner ${record.owner})\nkey: ${value}\nThe key is shown only now; it is stored hashed.`, { ...record, key: value });
      return 0;
    }
    case 'list': {
      const records = (await store.list()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const lines = records.map((r) => [r.id, r.name, r.owner, r.createdAt, r.revokedAt ? `revoked ${r.revokedAt}` : 'active'].join('\t'));
      out(lines.length ? ['id\tname\towner\tcreated\tstate', ...lines].join('\n') : 'no keys', records);
      return 0;
    }
    case 'revoke': {
      const id = rest[0];
      if (!id) return fail(print, 'revoke needs a key id');
      const record = await store.revoke(id, new Date().toISOString());
      if (!record) return fail(print, `no key with id ${id}`);
      out(`revoked ${record.id} at ${record.revokedAt}`, record);
      return 0;
    }
    default:
      return fail(print, command ? `unknown command ${command}` : 'no command given');
  }
}

function fail(print: (line: string) => void, message: string): number {
  print(`${message}\n${USAGE}`);
  return 2;
}
