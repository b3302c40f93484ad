import { describe, expect, test } from '@jest/globals';
import { rankCard } from '../../shared/imageRoutes/rankCard/rankCard';
import type { Size } from '../../shared/svg/geometry';
import { routes } from '../../shared/routes/table';
import { inlinePng, samplePng } from '../support/imageHost';
import { allServices, lambdaContext, memoryLimiter, proxyEvent, RANK_CARD_QUERY, wrapRoute } from './fixtures';

/**
 * A picture is fetched for the answer it will be drawn into: twice its drawn size for SVG (sharp
 * on high-density screens), its drawn size for PNG (drawn without resampling). The format is known
 * before the handler draws, whether `format` or Accept decided it.
 */
async function fitAskedFor(
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Size | undefined> {
  const services = allServices(memoryLimiter(60).limiter);
  let asked: Size | undefined;
  const picture = { ...inlinePng(samplePng(8)), width: 8, height: 8 };
  services.images = {
    load: async (_url, _field, fit) => {
      asked = fit;
      return picture;
    },
  };
  const result = await wrapRoute(
    routes.rankCard,
    rankCard,
    services,
  )(
    proxyEvent({ query: { ...RANK_CARD_QUERY, avatar: 'https://cdn.example/a.png', ...query }, headers }),
    lambdaContext(),
  );
  expect(result.statusCode).toBe(200);
  return asked;
}

describe("a picture's fit follows the answer's format", () => {
  test.each([
    ['format=svg', { format: 'svg' }, {}, { width: 360, height: 360, exact: false, format: 'svg' }],
    ['no format, no Accept (SVG)', {}, {}, { width: 360, height: 360, exact: false, format: 'svg' }],
    ['format=png', { format: 'png' }, {}, { width: 180, height: 180, exact: true, format: 'png' }],
    ['Accept: image/png', {}, { accept: 'image/png' }, { width: 180, height: 180, exact: true, format: 'png' }],
  ])('%s: the rank card asks for its avatar at the size it answers for', async (_name, query, headers, fit) => {
    expect(await fitAskedFor(query, headers)).toEqual(fit);
  });
});
