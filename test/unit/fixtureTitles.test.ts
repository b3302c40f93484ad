import { describe, expect, test } from '@jest/globals';
import { providers } from '../../shared/webhooks/providers/index';
import { toProviderDelivery } from '../fixtures/delivery';
import { fixtureDeliveries } from '../fixtures/deliveries';

/**
 * The table of what every fixture becomes: (provider, event, action) to the title the
 * relay posts, written beside each fixture as `expected`, so an action is never announced in the
 * wrong words (an edit as new, a raw verb). A fixture is ignored only when it says why.
 */
const cases = providers.flatMap((provider) =>
  (fixtureDeliveries[provider.name] ?? []).map(
    (fixture, index) =>
      [
        provider.name,
        `${fixture.event}${fixture.label ? ` (${fixture.label})` : ''} #${index}`,
        provider,
        fixture,
      ] as const,
  ),
);

describe.each(cases)('%s %s', (_name, _event, provider, fixture) => {
  test('becomes the title written beside it', () => {
    const outcome = provider.read(toProviderDelivery(fixture));
    const made =
      outcome.kind === 'message'
        ? { title: outcome.embeds[0]?.title }
        : {
            ignored:
              fixture.expected && 'ignored' in fixture.expected
                ? fixture.expected.ignored
                : '(no reason written beside the fixture)',
          };
    expect(made).toEqual(fixture.expected ?? { title: '(no title written beside the fixture)' });
  });
});
