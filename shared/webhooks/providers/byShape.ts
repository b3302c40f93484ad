import type { Locator } from '../provider';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * For providers that name no event: `event` when the body holds an object at `key` (Docker Hub's
 * `push_data`, Codacy's `commit`), so a body without what makes it that event is refused as naming
 * none, rather than rendered as an empty message.
 */
export const objectAt = (key: string, event: string): Locator => ({
  describe: `the ${key} object`,
  headers: [],
  find: (_delivery, json) => {
    const body = json();
    return isObject(body) && isObject(body[key]) ? event : undefined;
  },
});
