// A question may name in capitals what the recording says in words ("When is GA?" of a recording
// that says "general availability"; "the QBR" for "quarterly business review"), which no word
// search finds. Each such abbreviation gets the words of the recording whose initials spell it,
// small joining words ("of", "and", "the", "for") skipped, so the search finds them too.

/** An abbreviation as a question writes it: two to five capitals, perhaps a plural "s". */
const ABBREVIATION = /\b([A-Z]{2,5})s?\b/g;
const SAYS_ONE = /\b[A-Z]{2,5}s?\b/;
/** Words an abbreviation's letters skip: "Parent Teacher Association", "Bank of England" (BoE). */
const JOINING = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', '&']);

/** The first run of words in `words` whose initials spell `letters`, joining words between them skipped. */
function spelled(words: readonly string[], letters: string): string | undefined {
  for (let start = 0; start < words.length; start += 1) {
    const run: string[] = [];
    let next = 0;
    for (let i = start; i < words.length && next < letters.length; i += 1) {
      const word = words[i]!;
      if (word[0] === letters[next]) {
        run.push(word);
        next += 1;
      } else if (run.length > 0 && JOINING.has(word)) run.push(word);
      else break;
    }
    if (next === letters.length) return run.join(' ');
  }
  return undefined;
}

/** The question with, after each abbreviation in it, the words of `texts` it stands for (when they are found). */
export function withAbbreviationsSpelled(question: string, texts: readonly string[]): string {
  if (typeof question !== 'string' || !SAYS_ONE.test(question)) return question;
  const words = texts.flatMap((text) => String(text ?? '').toLowerCase().split(/[^\p{L}&]+/u).filter(Boolean));
  const found = new Map<string, string | undefined>();
  return question.replace(ABBREVIATION, (said, letters: string) => {
    const lower = letters.toLowerCase();
    if (!found.has(lower)) found.set(lower, words.includes(lower) ? undefined : spelled(words, lower));
    const spelledOut = found.get(lower);
    return spelledOut ? `${said} (${spelledOut})` : said;
  });
}
