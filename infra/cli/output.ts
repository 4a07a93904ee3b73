// Everything the CLI prints on stdout goes through here, so `--json` always yields exactly one
// JSON document (for scripts and jq) and human mode always yields aligned, readable text.

export interface OutputOptions {
  readonly json?: boolean;
}

/** Prints `data` as JSON in --json mode, otherwise the text `human` builds from it. */
export function emit<T>(options: OutputOptions, data: T, human: (data: T) => string): void {
  process.stdout.write(options.json ? `${JSON.stringify(data, null, 2)}\n` : `${human(data)}\n`);
}

/** Columns padded to their widest cell; the last column is not padded (no trailing spaces). */
export function table(headers: readonly string[], rows: readonly (readonly string[])[], empty = '(none)'): string {
  if (rows.length === 0) return empty;
  const all = [headers, ...rows];
  const widths = headers.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return all.map(line).join('\n');
}

/** `label: value` lines with the values aligned, for a single record. */
export function fields(pairs: readonly (readonly [string, string])[]): string {
  const width = Math.max(...pairs.map(([label]) => label.length)) + 1;
  return pairs.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value}`).join('\n');
}

/** ISO timestamps shortened to the minute, in UTC (said so, since the store keeps UTC). */
export function when(iso: string | null, missing = '-'): string {
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : missing;
}
