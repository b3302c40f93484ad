import * as z from 'zod/mini';
import type { Embed } from '../../discord/message';
import { COLORS, schemaProvider, type Provider } from '../provider';
import type { TolerantOutput } from '../tolerantRead';
import { objectAt } from './byShape';

/**
 * Codacy webhook notifications: one event, a commit's analysis (issues fixed and new), with no
 * event or delivery name and no signature (Codacy's documentation describes neither). The payload
 * names no repository: only the commit and Codacy's link to its delta. Pull-request deliveries
 * may carry no results.
 */
const schemas = () => ({
  commit: z.object({
    commit: z.object({
      data: z.object({ uuid: z.string(), urls: z.object({ delta: z.string() }) }),
      results: z.object({ fixed_count: z.number(), new_count: z.number() }),
    }),
  }),
});

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = TolerantOutput<ReturnType<typeof schemas>[E]>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  commit: (p) => {
    const { data, results } = p.commit ?? {};
    const added = results?.new_count,
      fixed = results?.fixed_count;
    // "2 new issues, 1 fixed", or what there is of it ("1 issue fixed").
    const summary = [
      added !== undefined ? plural(added, 'new issue') : undefined,
      fixed !== undefined ? (added !== undefined ? `${fixed} fixed` : `${plural(fixed, 'issue')} fixed`) : undefined,
    ]
      .filter(Boolean)
      .join(', ');
    return {
      title: `Commit${data?.uuid ? ` ${data.uuid.slice(0, 7)}` : ''} analysed${summary ? `: ${summary}` : ''}`,
      ...(data?.urls?.delta ? { url: data.urls.delta } : {}),
      // New issues are worth a look; fixes only are good news.
      color: added ? COLORS.warning : fixed ? COLORS.created : summary ? COLORS.info : COLORS.neutral,
      fields: [
        ...(added !== undefined ? [{ name: 'New issues', value: String(added), inline: true }] : []),
        ...(fixed !== undefined ? [{ name: 'Fixed issues', value: String(fixed), inline: true }] : []),
      ],
    };
  },
};

export const codacy: Provider = schemaProvider({
  name: 'codacy',
  displayName: 'Codacy',
  description: "Commit analyses: the commit, the numbers of new and fixed issues and a link to Codacy's delta.",
  docs: 'https://docs.codacy.com/repositories-configure/integrations/webhook-notifications/',
  event: objectAt('commit', 'commit'),
  schemas,
  renderers,
});
