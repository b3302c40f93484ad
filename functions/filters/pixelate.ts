import type { Routes } from '../../shared/routes/table';
import { pixelate as pixelateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const pixelate = filterRoute<Routes['pixelate']>('Pixelated', (query) => pixelateFilter(query.size));
