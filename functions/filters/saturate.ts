import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { saturate as saturateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const saturate: RouteHandler<Routes['saturate']> = filterRoute('Saturation', (query) => saturateFilter(query.amount));
