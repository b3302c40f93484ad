import type { PictureHandler } from '../../shared/runtime/pictureKit';
import type { Routes } from '../../shared/routes/table';
import { pixelate as pixelateFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const pixelate: PictureHandler<Routes['pixelate']> = filterRoute('Pixelated', (query) => pixelateFilter(query.size));
