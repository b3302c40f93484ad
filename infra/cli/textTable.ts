/** Lines of cells as an aligned plain-text table, two spaces between columns (a CLI's report). */
export function textTable(header: readonly string[], lines: readonly (readonly string[])[]): string {
  const all = [header, ...lines];
  const widths = header.map((_, column) => Math.max(...all.map((line) => (line[column] ?? '').length)));
  return all
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
