import { svgResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { Routes } from '../../shared/routes/table';
import { renderGay } from '../../shared/scenes/gay';

export const gay: RouteHandler<Routes['gay']> = async ({ query }, _context, { images }) =>
  svgResponse(renderGay({ ...(await sizedPicture(query, images)), opacity: query.opacity }));
