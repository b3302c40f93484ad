import type { RouteHandler } from '../../shared/http/stack';
import type { Routes } from '../../shared/routes/table';
import { hueRotate as hueRotateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const hueRotate: RouteHandler<Routes['hueRotate']> = filterRoute('Hue rotation', (query) => hueRotateFilter(query.degrees));
