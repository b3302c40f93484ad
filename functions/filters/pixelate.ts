import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { pixelate as pixelateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const pixelate: RouteHandler<Routes['pixelate']> = filterRoute('Pixelated', (query) => pixelateFilter(query.size));
