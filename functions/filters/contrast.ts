import type { PictureHandler } from '../../shared/runtime/pictureKit';
import type { Routes } from '../../shared/routes/table';
import { contrast as contrastFilter } from '../../shared/svg/filters';
import { filterRoute } from './filteredPicture';

export const contrast: PictureHandler<Routes['contrast']> = filterRoute('Contrast', (query) => contrastFilter(query.amount));
