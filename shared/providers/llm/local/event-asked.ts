// A date given in answer to "when is …?": "when is the wedding again" … "yes, june the sixth at
// two" names the wedding, as the question does when it offers the day itself ("when is the
// wedding again, june the sixth right").

/** "when is the wedding", "when's our next review", "when does the sale start": the thing asked about. */
const ASKED_WHEN =
  /\bwhen(?:'s|\s+(?:is|are|was|were|does|do|will))\s+(?:the|our|your|my|his|her|their)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?=\s+(?:again|exactly|now|then|happening|start|starting|begin|due|going\s+to\s+be)\b|[\s,.?!]*(?:$|[,.?!]))/iu;
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
