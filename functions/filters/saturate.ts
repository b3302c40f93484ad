import type { Routes } from '../../shared/routes/table';
import { saturate as saturateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const saturate = filterRoute<Routes['saturate']>('Saturation', (query) => saturateFilter(query.amount));
