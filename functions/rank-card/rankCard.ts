import { svgResponse } from '../../shared/http/responses';
import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { renderRankCard } from './render';

export const rankCard: RouteHandler<Routes['rankCard']> = async ({ query }) => svgResponse(renderRankCard(query));
