// A task said in a relative clause: "the report i have to finish by friday", "the budget we'll
// go through on monday", "the other thing we need to sort out is the parking". Its verb has no
// object after it: the object is the noun phrase before the subject ("finish the report"), or,
// when that is a word as vague as "thing", what the sentence then says it is ("sort out the
// parking"). "A few things we need to lock down" names no task at all.
import { taggedWords, type TaggedWord } from './pos.ts';

/** Head nouns that say nothing of what the task is about. */
const VAGUE = /^(?:things?|stuff|ones?|bits?|points?|items?|lot)$/i;
const SUBJECT = /^(?:i|we|you|they)$/i;
/** The verbs of a modal said between the subject and the task ("need to", "have got to", "am going to"). */
const MODAL_VERB = /^(?:need|needs|have|has|got|going)$/i;
const COPULA = /^(?:is|are|was|were)\s+(.+)$/i;
/** Adverbs that go with a verb as its particle ("hand back", "sign off"). */
const PARTICLE = /^(?:back|out|off|up|down|over|away|in|on|through|round|around|along)$/i;
/** Words that say how many, which start a noun phrase without a determiner. */
const QUANTIFIER = /^(?:few|many|several|some|other|more|two|three|four|five)$/i;
/** The most words a head noun phrase may have, its determiner included. */
const MAX_HEAD = 5;

export type RelativeReading = { readonly task: string } | 'no task' | undefined;

const isModalPart = (w: TaggedWord): boolean => ['AUX', 'PART', 'ADV'].includes(w.pos) || (w.pos === 'VERB' && MODAL_VERB.test(w.text));

/** The noun phrase that ends right before the subject of a modal that ends `lead` ("… the other thing we need to "), if any. */
function headBefore(lead: string): string | undefined {
  const words = taggedWords(lead);
  let k = words.length - 1;
  while (k >= 0 && isModalPart(words[k]!)) k -= 1;
  if (k < 1 || !SUBJECT.test(words[k]!.text) || words[k - 1]!.pos !== 'NOUN') return undefined;
  const end = k - 1;
  k = end;
  while (k >= 0 && ['NOUN', 'ADJ'].includes(words[k]!.pos)) k -= 1;
  // "a few things", "one thing", or a quantifier alone, as a recogniser may leave it ("few things").
  const from = k >= 0 && ['DET', 'NUM'].includes(words[k]!.pos) ? k : QUANTIFIER.test(words[k + 1]?.text ?? '') && k + 1 < end ? k + 1 : -1;
  if (from < 0 || end - from + 1 > MAX_HEAD) return undefined;
  return lead.slice(words[from]!.start, words[end]!.start + words[end]!.text.length);
}

/** The length of the verb and its particle at the start of the task ("sort out", "get done", "finish"), or 0 when it starts with no verb. */
function verbGroup(words: readonly TaggedWord[]): number {
  if (words[0]?.pos !== 'VERB') return 0;
  const next = words[1];
  const particle = next && (next.pos === 'PART' || (next.pos === 'ADV' && PARTICLE.test(next.text)) || (next.pos === 'ADP' && !['DET', 'NOUN', 'PROPN', 'PRON', 'NUM'].includes(words[2]?.pos ?? '')) || (next.pos === 'VERB' && /(?:ed|en|done)$/i.test(next.text)));
  return particle ? 2 : 1;
}

/**
 * How a task reads when the words before it (`lead`, up to where the task starts in its clause)
 * end in a relative clause's noun and subject: the task with its object put back, 'no task' when
 * the object is too vague to name one, undefined when the task is no relative clause's (its verb
 * has an object of its own: "we approved the plan i will draft the memo").
 */
export function relativeTask(lead: string, task: string): RelativeReading {
  const head = headBefore(lead);
  if (!head) return undefined;
  // Tagged after a subject, so its first word reads as the verb it is ("sort out …" alone reads as a noun).
  const words = taggedWords(`we ${task}`)
    .slice(1)
    .map((w) => ({ ...w, start: w.start - 3 }));
  const length = verbGroup(words);
  if (length === 0) return undefined;
  const verb = task.slice(0, words[length - 1]!.start + words[length - 1]!.text.length);
  const rest = words[length] ? task.slice(words[length].start) : '';
  const named = COPULA.exec(rest);
  // An object of its own follows the verb (a prepositional phrase or "is …" does not).
  if (rest && !named && words[length]!.pos !== 'ADP') return undefined;
  const vague = VAGUE.test(head.split(/\s+/).at(-1)!);
  if (vague) return named ? { task: `${verb} ${named[1]}` } : 'no task';
  return { task: named || !rest ? `${verb} ${head}` : `${verb} ${head} ${rest}` };
}
