import type { PictureHandler } from '../../shared/runtime/pictureKit';
import type { Routes } from '../../shared/routes/table';
import { hueRotate as hueRotateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const hueRotate: PictureHandler<Routes['hueRotate']> = filterRoute('Hue rotation', (query) => hueRotateFilter(query.degrees));
