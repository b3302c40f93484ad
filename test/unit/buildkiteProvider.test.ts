import { describe, expect, test } from '@jest/globals';
import { buildkite } from '../../shared/webhooks/providers/buildkite';
import { jsonRequest, toProviderDelivery } from '../fixtures/delivery';
import { readerOf } from '../support/providerReads';
import { buildkiteDeliveries } from '../fixtures/buildkite/payloads';

const finished = JSON.parse(buildkiteDeliveries[0]!.body);
const reader = readerOf(buildkite);
const embedOf = (event: string, payload: unknown) => reader.embedOf(payload, { 'X-Buildkite-Event': event });

describe('Buildkite provider', () => {
  test('build.finished -> pipeline, number, state, branch, commit, duration, linked to the build', () => {
    expect(embedOf('build.finished', finished)).toMatchObject({
      title: '[My Pipeline] Build #27 passed on main',
      url: 'https://buildkite.com/acme-inc/my-pipeline/builds/27',
      color: 0x2ea44f,
      description: '`a1b2c3d` Add Buildkite webhook support',
      author: { name: 'Buildkite User' },
      fields: [
        { name: 'Source', value: 'Webhook', inline: true },
        { name: 'Duration', value: '2m 25s', inline: true },
      ],
    });
  });

  test('a failing or blocked build reads as such; a job event names the job and links to it', () => {
    expect(embedOf('build.failing', { ...finished, build: { ...finished.build, state: 'failing' } })).toMatchObject({
      title: '[My Pipeline] Build #27 failing on main',
      color: 0xd73a49,
    });
    expect(embedOf('build.finished', { ...finished, build: { ...finished.build, blocked: true } })).toMatchObject({
      title: '[My Pipeline] Build #27 blocked on main',
      color: 0xdbab09,
    });
    const job = {
      name: ':jest: Tests',
      state: 'finished',
      web_url: 'https://buildkite.com/acme-inc/my-pipeline/builds/27#job-1',
      exit_status: 1,
    };
    expect(embedOf('job.finished', { ...finished, job })).toMatchObject({
      title: '[My Pipeline] Job :jest: Tests finished on main',
      url: job.web_url,
      fields: [
        { name: 'Build', value: '#27', inline: true },
        { name: 'Exit status', value: '1', inline: true },
      ],
    });
  });

  test('ping still arrives; signed as documented; a malformed build renders with what is there', () => {
    expect(embedOf('ping', { sender: { name: 'Some Person' } })).toMatchObject({
      title: 'Webhook settings changed',
      author: { name: 'Some Person' },
    });
    expect(buildkite.signature).toMatchObject({
      header: 'X-Buildkite-Signature',
      prefix: 'signature=',
      signs: { timestamp: { key: 'timestamp' }, separator: '.' },
    });
    expect(embedOf('build.finished', { ...finished, build: { number: 'x' } })).toMatchObject({
      title: '[My Pipeline] Build finished',
      url: 'https://buildkite.com/acme-inc/my-pipeline',
    });
    expect(() => buildkite.read(toProviderDelivery(jsonRequest({}, finished)))).toThrow(
      /missing the X-Buildkite-Event header/,
    );
  });

  test('markdown in the commit message is escaped', () => {
    expect(
      embedOf('build.finished', { ...finished, build: { ...finished.build, message: '**x** [y](http://z)' } })
        .description,
    ).toBe('`a1b2c3d` \\*\\*x\\*\\* \\[y\\]\\(http://z\\)');
  });
});
