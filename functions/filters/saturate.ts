import type { PictureHandler } from '../../shared/runtime/pictureKit';
import type { Routes } from '../../shared/routes/table';
import { saturate as saturateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const saturate: PictureHandler<Routes['saturate']> = filterRoute('Saturation', (query) => saturateFilter(query.amount));
