import { httpUrl, integer } from '../params';

/** The parameters of every endpoint that draws a fetched picture (../API.md, Images). */
export const pictureQuery = {
  image: httpUrl(),
  width: integer(1, 1024).default(512),
  height: integer(1, 1024).default(512),
};
