import * as z from 'zod/mini';
import { httpUrl, integer } from '../params';

/** A picture the service fetches and inlines, under the rules of ../shared/API.md (Images). */
export const pictureUrl = () =>
  httpUrl(
    'http(s) URL of a PNG, JPEG, GIF or WebP picture (at most 5 MB; fetched by the service, private addresses refused)',
  );

/** The parameters of every endpoint that draws a fetched picture (../shared/API.md, Images). */
export const pictureQuery = {
  image: pictureUrl(),
  width: z._default(integer(1, 1024), 512),
  height: z._default(integer(1, 1024), 512),
};

/** The picture and its output size, nothing else: the delete dialog, the trash bin, the jail. */
export const pictureOnlyQuery = z.object(pictureQuery);
