import * as z from 'zod/mini';
import { oneOf } from '../params';

import { imageFormats, type ImageFormat } from '../../images/imageFormats';

export { imageFormats, type ImageFormat };

/**
 * What every image route takes besides its own parameters: `format=png` asks for the picture
 * rasterised (chat clients such as Discord do not show SVG); without it, `Accept` decides.
 */
export const imageOutputQuery = z.object({ format: z.optional(oneOf(imageFormats)) });
