import { svgResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { renderChangeMyMind } from '../../shared/scenes/changeMyMind';

export const changeMyMind: RouteHandler<Routes['changeMyMind']> = async ({ query }) => svgResponse(renderChangeMyMind(query.text));
