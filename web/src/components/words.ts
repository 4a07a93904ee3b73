// Counted nouns as English writes them: "1 segment", "2 segments" (Intl.PluralRules picks the form).
const rules = new Intl.PluralRules('en');

/** `n` and the noun in the form its count takes; `plural` when adding "s" is wrong. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en')} ${rules.select(n) === 'one' ? singular : plural}`;
}

