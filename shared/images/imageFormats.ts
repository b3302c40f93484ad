/** What an image route can answer: the SVG it draws, or that SVG rasterised. */
export const imageFormats = ['svg', 'png'] as const;
export type ImageFormat = (typeof imageFormats)[number];
