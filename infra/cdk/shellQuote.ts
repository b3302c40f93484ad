/**
 * One argument for a POSIX shell, whatever it holds (spaces, quotes, `$`): single-quoted, with
 * each single quote closed, escaped and reopened.
 */
export const shellQuote = (argument: string): string => `'${argument.replaceAll("'", "'\\''")}'`;
