import { usageError, withCommandLine, type CommandGrammar, type ParsedCommandLine } from './commandLine';
import { isReplayable, type DeliveryRecord } from '../../shared/store/deliveries';
import { replayDelivery, selectReplayable, type ReplayDeps, type ReplayResult } from '../../shared/webhooks/replay';

export const USAGE = `usage: npm run webhooks -- <command> [--aws [--stack <name>] [--region <region>]]
  list --failed                  replayable deliveries (Discord failed, rate limited, or the attempt died), newest first
  list --webhook <id>            one Discord webhook's delivery log (kept 7 days)
  replay <deliveryId>            post a failed delivery's kept message to Discord again, once
  replay --all                   replay every failed delivery
options: --webhook <id>  with replay: the webhook, when one delivery id is in several logs
         --json          print machine-readable JSON
         --aws           the deployed stack's log (default stack ChatbotUtilityApi)
         --help          print this text`;

export const WEBHOOK_OPTIONS = {
  failed: { type: 'boolean', default: false },
  webhook: { type: 'string' },
  all: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  aws: { type: 'boolean', default: false },
  stack: { type: 'string', default: 'ChatbotUtilityApi' },
  region: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The `webhooks` command line: each command and the arguments it takes after its name. */
export const WEBHOOKS_GRAMMAR: CommandGrammar<typeof WEBHOOK_OPTIONS> = {
  options: WEBHOOK_OPTIONS,
  arguments: { list: 0, replay: 1 },
  usage: USAGE,
};

/** Ids and event names come from payloads: control characters are shown escaped, never sent to the terminal. */
const printable = (text: string) =>
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const row = (r: DeliveryRecord) =>
  [r.deliveryId, r.webhookId, r.provider, r.event, r.outcome, r.discordStatus ?? '-', r.updatedAt]
    .map((cell) => printable(String(cell)))
    .join('\t');
const HEADER = 'delivery\twebhook\tprovider\tevent\toutcome\tdiscord\tupdated';
/** What listings show: never the kept message or the sealed token. */
const summary = ({ message: _message, sealedToken: _token, ...rest }: DeliveryRecord) => rest;

function describeReplay(record: DeliveryRecord, result: ReplayResult): string {
  const name = printable(`${record.deliveryId} (${record.provider} ${record.event} -> webhook ${record.webhookId})`);
  if (result.kind === 'notReplayable')
    return `${name}: not replayable any more (forwarded or being replayed meanwhile)`;
  if (result.kind === 'stopped') return `${name}: ${result.reason}; still replayable`;
  const { outcome } = result;
  if (outcome.kind === 'delivered') return `${name}: forwarded`;
  if (outcome.kind === 'rateLimited')
    return `${name}: Discord is rate limiting; still replayable in ${outcome.retryAfterSeconds} s`;
  if (outcome.kind === 'rejected')
    return `${name}: Discord rejected it (${outcome.status}, ${outcome.reason}); not replayable`;
  return `${name}: Discord failed again (${outcome.reason}); still replayable`;
}

/** The `webhooks` commands over a delivery log (local store or AWS); returns the process exit code. */
export function runWebhooksCommand(argv: string[], deps: ReplayDeps, print: (line: string) => void): Promise<number> {
  return withCommandLine(argv, WEBHOOKS_GRAMMAR, print, (parsed) => webhooksCommand(parsed, deps, print));
}

async function webhooksCommand(
  { values, positionals }: ParsedCommandLine<typeof WEBHOOK_OPTIONS>,
  deps: ReplayDeps,
  print: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = positionals;
  const out = (human: string, data: unknown) => print(values.json ? JSON.stringify(data) : human);

  switch (command) {
    case 'list': {
      if (!values.failed && !values.webhook) return fail(print, 'list needs --failed or --webhook <id>');
      const records = values.webhook
        ? await deps.deliveries.listForWebhook(values.webhook)
        : await deps.deliveries.listKept();
      const shown = values.failed ? records.filter((r) => isReplayable(r, deps.now())) : records;
      out(shown.length ? [HEADER, ...shown.map(row)].join('\n') : 'no deliveries', shown.map(summary));
      return 0;
    }
    case 'replay': {
      const deliveryId = rest[0];
      if (!deliveryId && !values.all) return fail(print, 'replay needs a delivery id, or --all');
      const chosen = selectReplayable(
        await deps.deliveries.listKept(),
        deps.now(),
        values.all ? undefined : deliveryId,
        values.webhook,
      );
      if (chosen.length === 0)
        return fail(
          print,
          `no failed delivery ${deliveryId ?? ''} (replayed already, or never failed)`.replace('  ', ' '),
        );
      if (!values.all && chosen.length > 1)
        return fail(
          print,
          `delivery id ${deliveryId} is in the logs of webhooks ${chosen.map((r) => r.webhookId).join(', ')}: ` +
            'add --webhook <id>',
        );
      const results: { record: DeliveryRecord; result: ReplayResult }[] = [];
      for (const record of chosen) {
        // One delivery's trouble does not stop the others.
        const result = await replayDelivery(record, deps).catch(
          (error: Error): ReplayResult => ({ kind: 'stopped', reason: error.message }),
        );
        results.push({ record, result });
      }
      out(
        results.map(({ record, result }) => describeReplay(record, result)).join('\n'),
        results.map(({ record, result }) => ({ ...summary(record), result })),
      );
      const allForwarded = results.every(
        ({ result }) => result.kind === 'replayed' && result.outcome.kind === 'delivered',
      );
      return allForwarded ? 0 : 1;
    }
    default:
      return fail(print, command ? `unknown command ${command}` : 'no command given');
  }
}

const fail = (print: (line: string) => void, message: string) => usageError(print, message, USAGE);
