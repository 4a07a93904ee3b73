// Counted nouns as English writes them: "1 segment", "2 segments" (Intl.PluralRules picks the form).
const rules = new Intl.PluralRules('en');

/** `n` and the noun in the form its count takes; `plural` when adding "s" is wrong. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en')} ${rules.select(n) === 'one' ? singular : plural}`;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A size as people read it: "812 bytes", "14.2 KB", "3.1 MB" (units of 1,024). */
export function byteSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? counted(value, 'byte') : `${value.toFixed(1)} ${UNITS[unit]}`;
}
