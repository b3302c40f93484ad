import * as z from 'zod/mini';

/** The parts several Jira events share, built with the schemas on the first delivery, not at import. */
export const jiraParts = () => {
  const named = z.object({ name: z.string() });
  const person = z.object({ displayName: z.string() });
  const issue = z.object({
    key: z.string(),
    // The REST URL of the issue, whose host (and context path) the browse URL is built from.
    self: z.string(),
    fields: z.object({
      summary: z.string(),
      issuetype: named,
      project: z.object({ key: z.string(), name: z.string() }),
      status: z.object({ name: z.string(), statusCategory: z.object({ key: z.string() }) }),
      priority: z.union([z.string(), named]),
      assignee: person,
    }),
  });
  const change = z.object({ field: z.string(), fromString: z.string(), toString: z.string() });
  const comment = z.object({ id: z.string(), body: z.string(), author: person, updateAuthor: person });
  return { named, person, issue, change, comment };
};

export type JiraPerson = z.output<ReturnType<typeof jiraParts>['person']>;

/**
 * `https://host/jira/rest/api/2/issue/1` -> `https://host/jira/browse/KEY`: the page of an issue
 * (or of a project, by its key), from any REST URL of the same site.
 */
export function browseUrl(item: { self: string; key: string }): string | undefined {
  let url: URL;
  try {
    url = new URL(item.self);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const base = url.pathname.split('/rest/')[0] ?? '';
  return `${url.origin}${base}/browse/${encodeURIComponent(item.key)}`;
}
