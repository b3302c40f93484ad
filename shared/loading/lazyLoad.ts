/**
 * `load`, run on the first call, its promise shared by every later one; except a failed load (a
 * module that could not be read, a client whose setup was throttled), which is forgotten, so the
 * next call tries again instead of failing for the life of the process.
 */
export function lazyLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= new Promise<T>((resolve) => resolve(load())).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
