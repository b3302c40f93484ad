import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { contrast as contrastFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const contrast: RouteHandler<Routes['contrast']> = filterRoute('Contrast', (query) => contrastFilter(query.amount));
