/** Why a fetch failed, in words a client can act on ("timed out after 5 s", "answered 404"). */
export class ImageFetchError extends Error {
  override readonly name = 'ImageFetchError';
}
