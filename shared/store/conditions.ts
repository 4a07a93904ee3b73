// What the store's conditional writes share: a condition that an item is still as it was read,
// and the codes a cancelled transaction gives per action.

export interface Condition {
  readonly condition: string;
  readonly names: Record<string, string>;
  readonly values: Record<string, unknown>;
}

/**
 * Each field still holds the value read; a field read as absent or null is still absent or
 * null. Names and values are `#f<i>` and `:f<i>` (and `:null`), so callers add their own beside.
 */
export function asRead(fields: Readonly<Record<string, unknown>>): Condition {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(fields).map(([field, value], i) => {
    names[`#f${i}`] = field;
    if (value === null || value === undefined) {
      values[':null'] = 'NULL';
      return `(attribute_not_exists(#f${i}) OR attribute_type(#f${i}, :null))`;
    }
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  return { condition: parts.join(' AND '), names, values };
}

/** The code of each action of a cancelled transaction (`ConditionalCheckFailed`, `TransactionConflict`, `None`); none for other errors. */
export function cancellationCodes(error: unknown): (string | undefined)[] {
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
}
