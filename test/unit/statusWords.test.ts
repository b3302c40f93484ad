import { expect, test } from '@jest/globals';
import { statusWords } from '../../shared/webhooks/render/words';

/**
 * CI statuses as providers send them (CircleCI, Jenkins, App Center,
 * Unity, Travis) and the words a title ends with.
 */
test.each([
  ['success', 'succeeded'],
  ['SUCCESS', 'succeeded'],
  ['Succeeded', 'succeeded'],
  ['SucceededWithIssues', 'succeeded with issues'],
  ['FAILURE', 'failed'],
  ['error', 'errored'],
  ['NOT_BUILT', 'not built'],
  ['sentToBuilder', 'sent to builder'],
  ['timedout', 'timed out'],
  ['Still Failing', 'still failing'],
  ['unauthorized', 'not authorized'],
])('%s -> %s', (status, words) => {
  expect(statusWords(status)).toBe(words);
});
