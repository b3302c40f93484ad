import { describe, expect, test } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import {
  commentBlocks,
  commentFindings,
  MAX_BLOCK_CHARACTERS,
  MAX_LINE_CHARACTERS,
} from '../../infra/cli/commentBlocks';

/** Comments say why in a sentence or two; history, timings and alternatives belong in docs/design.md. */
const root = fileURLToPath(new URL('../../', import.meta.url));
/**
 * Files whose long blocks still await shortening, with how many: the list may only shrink (a file
 * that gets under the limit must leave it), and no other file may gain one.
 */
const PENDING = new Map<string, number>([
  ['bench/run.ts', 1],
  ['functions/dashboard/pageStyle.ts', 1],
  ['functions/dashboard/signIn.ts', 1],
  ['functions/docs/servedDocument.ts', 1],
  ['functions/webhooks/putWebhookSecrets.ts', 1],
  ['infra/cdk/app.ts', 1],
  ['infra/cdk/gatewayAnswers.ts', 1],
  ['infra/cdk/keys.ts', 1],
  ['infra/cdk/relayRetryQueue.ts', 1],
  ['infra/cli/webhooks.ts', 1],
  ['infra/local/authorizerCache.ts', 1],
  ['shared/access/authorizer.ts', 1],
  ['shared/access/awsKeyRegistry.ts', 1],
  ['shared/discord/message.ts', 2],
  ['shared/fonts/fontFiles.ts', 2],
  ['shared/fonts/woff.ts', 1],
  ['shared/http/basePath.ts', 1],
  ['shared/http/gatewayResponses.ts', 1],
  ['shared/http/responses.ts', 1],
  ['shared/images/frameSizes.ts', 1],
  ['shared/images/jpegSegments.ts', 1],
  ['shared/routes/patterns.ts', 1],
  ['shared/store/bots/activity.ts', 1],
  ['shared/store/bots/layout.ts', 1],
  ['shared/store/bots/listing.ts', 1],
  ['shared/store/bots/profiles.ts', 1],
  ['shared/store/refusedAttempts.ts', 1],
  ['shared/store/retryQueue.ts', 1],
  ['shared/store/schema.ts', 1],
  ['shared/svg/filters.ts', 2],
  ['shared/text/fontChoice.ts', 1],
  ['shared/webhooks/pairGuard.ts', 3],
  ['shared/webhooks/provider.ts', 1],
  ['shared/webhooks/providers/azuredevops.ts', 1],
  ['shared/webhooks/providers/basecamp.ts', 1],
  ['shared/webhooks/providers/bitbucketServer.ts', 1],
  ['shared/webhooks/providers/buildkite.ts', 1],
  ['shared/webhooks/providers/circleci.ts', 1],
  ['shared/webhooks/providers/github.ts', 1],
  ['shared/webhooks/providers/heroku.ts', 1],
  ['shared/webhooks/providers/jenkins.ts', 1],
  ['shared/webhooks/providers/patreon.ts', 1],
  ['shared/webhooks/providers/travis.ts', 1],
  ['shared/webhooks/providers/uptimerobot.ts', 1],
  ['shared/webhooks/providers/zendesk.ts', 1],
  ['shared/webhooks/retries.ts', 3],
  ['shared/webhooks/secrets.ts', 1],
  ['shared/webhooks/tolerantRead.ts', 1],
  ['test/e2e/discordOutage.test.ts', 1],
  ['test/e2e/hostileInput.test.ts', 1],
  ['test/e2e/storeOutageWrites.test.ts', 1],
  ['test/fixtures/gitea/payloads.ts', 1],
  ['test/support/dashboardInChromium.ts', 1],
  ['test/support/relayHarness.ts', 1],
  ['test/support/svgXml.ts', 1],
  ['test/unit/schemaProvider.test.ts', 1],
]);

describe('comment blocks', () => {
  test('a block is one block comment or a run of line comments; comment-like text in strings is none', () => {
    const code = [
      '#!/usr/bin/env node',
      '/**',
      ' * Why one.',
      ' */',
      "const url = 'https://example.com/* not a comment */'; // trailing",
      '// run, first line',
      '// run, second line',
      '',
      '// apart',
      'const pattern = /\\/\\/ no comment/;',
      `const text = \`// none $\{1 /* inside */}\`;`,
    ].join('\n');
    expect(commentBlocks('sample.ts', code).map(({ line, length }) => ({ line, length }))).toEqual([
      { line: 2, length: 'Why one.'.length },
      { line: 5, length: 'trailing'.length },
      { line: 6, length: 'run, first line run, second line'.length },
      { line: 9, length: 'apart'.length },
      { line: 11, length: 'inside'.length },
    ]);
  });

  test(`none over ${MAX_BLOCK_CHARACTERS} characters (but the pending ones), no comment line over ${MAX_LINE_CHARACTERS}, in infra/ functions/ shared/ bench/ test/`, () => {
    const { long, wide } = commentFindings(root);
    const perFile = new Map<string, number>();
    for (const block of long) perFile.set(block.file, (perFile.get(block.file) ?? 0) + 1);
    expect(Object.fromEntries(perFile)).toEqual(Object.fromEntries(PENDING));
    expect(wide.map((line) => `${line.file}:${line.line} ${line.length} characters`)).toEqual([]);
  }, 60_000);
});
