// A date given in answer to "when is …?" or "when can we do …?": "when is the wedding again" …
// "yes, june the sixth at two" names the wedding ("when can we do the cutover" … "the weekend of
// the sixth" the cutover), as the question does when it offers the day itself ("when is the
// wedding again, june the sixth right"). And a day set for "a meeting" with no name of its own
// names the thing talked about just before: "let's bring him back for a final round with the
// cto" … "let's pencil in the fourteenth at eleven" → "Final round with the CTO".

/** "when is the wedding", "when's our next review", "when does the sale start", "when can we do the cutover": the thing asked about. */
const ASKED_WHEN =
  /\bwhen(?:'s|\s+(?:is|are|was|were|does|do|will)|\s+(?:can|could|should|shall|do|will)\s+(?:we|you|they|i)\s+(?:do|have|hold|run|book|schedule|plan|fit\s+in|start))\s+(?:the|our|your|my|his|her|their)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?=\s+(?:again|exactly|now|then|happening|start|starting|begin|due|going\s+to\s+be)\b|[\s,.?!]*(?:$|[,.?!]))/iu;
/** How many segments after the question an answer may come. */
const ANSWER_REACH = 1;

export interface AskedWhen {
  readonly title: string;
  readonly segment: number;
}

/** The thing `sentence` asks the time of, with the segment it was asked in; undefined when it asks no "when is …". */
export function askedWhen(sentence: string, segment: number): AskedWhen | undefined {
  const thing = ASKED_WHEN.exec(sentence)?.[1]?.toLowerCase();
  return thing ? { title: thing.charAt(0).toUpperCase() + thing.slice(1), segment } : undefined;
}

/** The event a date with no name of its own, said in `segment`, answers; undefined when no question is close enough. */
export function answered(asked: AskedWhen | undefined, segment: number): { kind: 'appointment' | 'deadline'; title: string } | undefined {
  if (!asked || segment - asked.segment > ANSWER_REACH) return undefined;
  return { kind: /^deadline\b/i.test(asked.title) ? 'deadline' : 'appointment', title: asked.title };
}

/** "for a final round with the cto", "for a second interview": a thing to meet for, said without a day. */
const FOR_A_THING = /\bfor\s+(?:a|an|another)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+(?:\s+with\s+(?:the\s+)?[\p{L}-]+)?)\s*(?:[,.;!?]|$)/iu;
/** The last word of what "for a …" says when it is no thing to meet for: a length of time, a while, a change. */
const NO_THING = /^(?:while|bit|moment|minute|second|few|couple|change|living|reason|week|month|year|day|hour|fortnight)s?$/i;
const THING_LINES = 3;

/** The thing to meet for said in the lines before (nearest last), or undefined. */
export function thingTalkedAbout(before: readonly string[]): string | undefined {
  for (const line of [...before].reverse().slice(0, THING_LINES)) {
    const thing = FOR_A_THING.exec(line)?.[1];
    if (thing && !NO_THING.test(thing.replace(/\s+with\s+.*$/i, '').split(/\s+/).at(-1)!)) return thing.charAt(0).toUpperCase() + thing.slice(1).replace(/\b(cto|ceo|cfo|coo|hr|qa)\b/gi, (w) => w.toUpperCase());
  }
  return undefined;
}
