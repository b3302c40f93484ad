import * as z from 'zod/mini';
import { type Embed } from '../../discord/message';
import { always, COLORS, schemaProvider, type Provider } from '../provider';

/**
 * Codacy webhook notifications: one event, a commit's analysis (issues fixed and new), with no
 * event or delivery name and no signature (Codacy's documentation describes neither). The payload
 * names no repository: only the commit and Codacy's link to its delta. Pull-request deliveries
 * may carry no results.
 */
const schemas = () => ({
  commit: z.object({
    commit: z.object({
      data: z.object({ uuid: z.string(), urls: z.nullish(z.object({ delta: z.nullish(z.string()) })) }),
      results: z.nullish(z.object({ fixed_count: z.nullish(z.number()), new_count: z.nullish(z.number()) })),
    }),
  }),
});

type EventName = keyof ReturnType<typeof schemas>;
type Payload<E extends EventName> = z.output<ReturnType<typeof schemas>[E]>;

const renderers: { [E in EventName]: (p: Payload<E>) => Embed } = {
  commit: (p) => {
    const { data, results } = p.commit;
    const fixed = results?.fixed_count ?? 0, added = results?.new_count ?? 0;
    const summary = results ? `: ${added} new issue${added === 1 ? '' : 's'}, ${fixed} fixed` : '';
    return {
      title: `Commit ${data.uuid.slice(0, 7)} analysed${summary}`,
      ...(data.urls?.delta ? { url: data.urls.delta } : {}),
      // New issues are worth a look; fixes only are good news.
      color: !results ? COLORS.neutral : added > 0 ? COLORS.warning : fixed > 0 ? COLORS.created : COLORS.info,
      fields: results
        ? [
            { name: 'New issues', value: String(added), inline: true },
            { name: 'Fixed issues', value: String(fixed), inline: true },
          ]
        : [],
    };
  },
};

export const codacy: Provider = schemaProvider({
  name: 'codacy',
  displayName: 'Codacy',
  description: "Commit analyses: the commit, the numbers of new and fixed issues and a link to Codacy's delta.",
  docs: 'https://docs.codacy.com/repositories-configure/integrations/webhook-notifications/',
  event: always('commit'),
  schemas,
  renderers,
});
