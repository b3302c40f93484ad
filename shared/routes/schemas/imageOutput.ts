import * as z from 'zod/mini';
import { oneOf } from '../params';

export const imageFormats = ['svg', 'png'] as const;
export type ImageFormat = (typeof imageFormats)[number];

/**
 * What every image route takes besides its own parameters: `format=png` asks for the picture
 * rasterised (chat clients such as Discord do not show SVG); without it, `Accept` decides.
 */
export const imageOutputQuery = z.object({ format: z.optional(oneOf(imageFormats)) });
