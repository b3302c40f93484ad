import { svgResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { Routes } from '../../shared/routes/table';
import { renderRip } from '../../shared/scenes/rip';

export const rip: RouteHandler<Routes['rip']> = async ({ query }, _context, { images }) =>
  svgResponse(renderRip({ ...(await sizedPicture(query, images)), text: query.text }));
