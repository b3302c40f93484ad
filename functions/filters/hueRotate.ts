import type { Routes } from '../../shared/routes/table';
import { hueRotate as hueRotateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const hueRotate = filterRoute<Routes['hueRotate']>('Hue rotation', (query) => hueRotateFilter(query.degrees));
