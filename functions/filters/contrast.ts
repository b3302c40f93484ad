import type { Routes } from '../../shared/routes/table';
import { contrast as contrastFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const contrast = filterRoute<Routes['contrast']>('Contrast', (query) => contrastFilter(query.amount));
