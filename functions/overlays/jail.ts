import { svgResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import { sizedPicture } from '../../shared/images/sizedPicture';
import type { Routes } from '../../shared/routes/table';
import { renderJail } from '../../shared/scenes/jail';

export const jail: RouteHandler<Routes['jail']> = async ({ query }, _context, { images }) => svgResponse(renderJail(await sizedPicture(query, images)));
