/**
 * A setting that must be a positive integer (a quota, a limit): its
 * fallback when unset, and a clear error when set to anything else.
 */
export function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${env[name]}`);
  return value;
}
