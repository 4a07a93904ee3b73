// Requests said without "please" first or "can you": a clause that starts with a verb, as an
// order does, which another speaker agrees to right after ("send me the revised quote by
// thursday" → "will do"), or which ends in "please" ("ok, order the worktops by friday please").
// And the task as the one asked would write it: the asker's "me" and "my" become the asker
// when the asker has a name, and in a talk between two, "you" is the other.
import type { Segment } from '../providers/types.ts';
import { taggedWords } from './pos.ts';

/** Words that lead into a clause without being part of it. */
const LEAD = /^(?:(?:ok|okay|so|and|right|then|also|oh|well|alright|great|good|fine|yes|yeah|just|that's\s+(?:fine|ok|okay|great|good))\b[,\s]*)*/i;
/** A condition said before the order: "only if her parents say yes, ask them by friday". */
export const CONDITION_FIRST = /^(?:only\s+)?(?:if|when|once|unless|as soon as)\b[^,]*,\s*/i;
const TRAILING_PLEASE = /[,\s]+please[.!]?\s*$/i;
/** "Luis, order the rebar …", "… by friday, Luis": the one spoken to, named before the order or after it. */
const NAMED_TO = /^\p{Lu}[\p{L}'’-]*,\s+|,\s*\p{Lu}[\p{L}'’-]*[.!]?\s*$/gu;
/** "Elena, you send the fish order": the one spoken to, said again before the order (not "you need …", "you booked …?"). */
const YOU_FIRST = /^you\s+(?!(?:all|guys|both|two|lot|know|need|want|have|had|like|love|think|mean|see|say|said|remember|look|sound|seem|feel|are|were|got|get|did|do|must|can|could|should|would|will|might|may)\b|\p{L}+ed\b)(?=[^?]*$)/iu;
/** "yes", "sure", "of course": a reply that takes on what was asked. */
export const AGREES = /^\s*(?:yes|yeah|yep|sure|okay|ok|of course|no problem|no worries|absolutely|certainly|will do|can do|on it|consider it done|(?:it'll be |will be )?done by)\b/i;
/** Verbs that start a clause without asking anything done: "look, …", "hang on", "let's see". */
const NOT_ASKED = /^(?:look|listen|imagine|wait|hang|hold|come|let's|let us|go ahead|tell me|excuse|sorry|thanks|thank|hear|see|repeat|say|speak|believe|remember|recall|think|guess|mind|fancy|trust|bear)\b/i;
/** How many words after the verb a second verb would show the clause is no order ("test results came back"). */
const VERB_REACH = 3;

/** The clause's order (what follows its lead words) when it starts with a verb in its plain form; undefined else. */
function anOrder(clause: string): string | undefined {
  const task = clause.replace(LEAD, '').replace(NAMED_TO, '').replace(LEAD, '').replace(YOU_FIRST, '').replace(CONDITION_FIRST, '').replace(TRAILING_PLEASE, '').trim();
  const first = /^[\p{L}'-]+/u.exec(task)?.[0] ?? '';
  // "sounds good", "looks fine": a verb said of something, not to someone.
  if (!first || NOT_ASKED.test(task) || /[^su]s$/i.test(first)) return undefined;
  // A capital that only starts the sentence ("Order the rebar") makes no name of the verb.
  const plain = `${first.toLowerCase()}${task.slice(first.length)}`;
  // The tagger reads some verbs as verbs only after a subject ("please chase the supplier": an adjective).
  // "do the past papers": "do" before a determiner is the verb, though the tagger reads it as an auxiliary.
  const verb = (tagged: ReturnType<typeof taggedWords>) => tagged[0]?.pos === 'VERB' || (/^do$/i.test(tagged[0]?.text ?? '') && tagged[1]?.pos === 'DET');
  const words = [`please ${plain}`, `you ${plain}`].map((text) => taggedWords(text).slice(1)).find(verb);
  if (!words) return undefined;
  const near = words.slice(1, 1 + VERB_REACH);
  // "send what you have": a clause of its own is what is sent, its verb no second verb of the order.
  const toAt = near.findIndex((w) => /^(?:to|and|or|if|when|that|what|whatever|everything|anything)$/i.test(w.text));
  const beforeTo = toAt >= 0 ? near.slice(0, toAt) : near;
  // "chase the glazing supplier": a word after a determiner names a thing, though it reads as a verb.
  return beforeTo.some((w, i) => (w.pos === 'VERB' || w.pos === 'AUX') && near[i - 1]?.pos !== 'DET') ? undefined : plain;
}

/** "should i do the past papers first?", "do you want me to call them?": another speaker asking what to do. */
const ASKS_WHAT_TO_DO = /(?:\b(?:should|shall)\s+i|\bdo\s+i\s+(?:need|have)\s+to|\b(?:do|would)\s+you\s+(?:want|like)\s+me\s+to)\b[^?]*\?\s*$/i;

/** The order a clause gives that is asked ("… please" at its end), agreed to by the next other speaker ("will do"), or that answers another's "should i …?". */
export function orderAsked(clause: string, segments: readonly Segment[], at: number, speaker: string): string | undefined {
  const [next, before] = [segments[at + 1], segments[at - 1]];
  const agreed = next && String(next.speaker ?? '').trim() !== speaker && AGREES.test(String(next.sentence ?? ''));
  const answers = before && String(before.speaker ?? '').trim() !== speaker && ASKS_WHAT_TO_DO.test(String(before.sentence ?? ''));
  return agreed || answers || TRAILING_PLEASE.test(clause) ? anOrder(clause) : undefined;
}

/** A voice known by its label alone ("SPEAKER_00"), or by none: "send SPEAKER_00 the slides" says no more than "send me the slides". */
export const UNNAMED = /^(?:speaker[\s_-]*\d*)?$/i;

/** The task as the one asked would write it: the asker's "me" and "my" are the asker ("send me the quote" → "send Grace the quote"). */
export function inTheirWords(task: string, asker: string): string {
  if (UNNAMED.test(asker)) return task;
  return task.replace(/\bme\b/gi, asker).replace(/\bmy\b/gi, `${asker}'s`);
}

/** In a talk between two, "you" (not "you all") is the other one: "email you" → "email Pete"; the speakers' pairing, or undefined with more or fewer than two. */
export function pairOf(segments: readonly Segment[]): ((speaker: string) => string | undefined) | undefined {
  const speakers = [...new Set(segments.map((s) => String(s?.speaker ?? '').trim()).filter(Boolean))];
  if (speakers.length !== 2) return undefined;
  return (speaker) => speakers.find((other) => other !== speaker);
}

/** Who spoke the line just before segment `at`, when another speaker did: whom "you" is said to in a reply, when more than two talk. */
export function speakerBefore(segments: readonly Segment[], at: number, speaker: string): string | undefined {
  const before = String(segments[at - 1]?.speaker ?? '').trim();
  return before && before !== speaker ? before : undefined;
}

/** "before you go", "once you're back": "you" as the subject of a verb, after a word that opens a clause. */
const YOU_DO = /\b(before|after|when|once|until|till|if|as soon as)\s+you\s+(go|leave|get|come|arrive|start|finish|do|have|are|need|want|decide|hear|know)\b/gi;
const THIRD_PERSON: Readonly<Record<string, string>> = { go: 'goes', do: 'does', have: 'has', are: 'is', finish: 'finishes' };

/** A speaker's own task as written for others: "you" and "your" said to the only other speaker are that speaker. */
const CONTRACTED: Readonly<Record<string, string>> = { d: 'would', ll: 'will', re: 'is', ve: 'has' };

export function toTheOther(task: string, other: string | undefined): string {
  if (!other || UNNAMED.test(other)) return task;
  // "before you go" → "before Dev goes": "you" as the subject after a word that opens a clause.
  const subject = task.replace(YOU_DO, (_, lead: string, verb: string) => `${lead} ${other} ${THIRD_PERSON[verb.toLowerCase()] ?? `${verb}s`}`);
  // "you'd get", "you'll have": the other one would, will.
  const spelled = subject.replace(/\byou['’](d|ll|re|ve)\b/gi, (_, c: string) => `${other} ${CONTRACTED[c.toLowerCase()]!}`);
  return spelled.replace(/\byour\b/gi, `${other}'s`).replace(/\byou\b(?!\s+(?:all|guys|both|two|folks|lot|lots)\b)/gi, other);
}

/** "you can pay online", "you should ring the office": what another speaker just put to the one who speaks. */
const PUT_TO_YOU = /\byou\s+(?:can|could|should|might want to|may want to|need to|have to|must)\s+(?!(?:not|be|see|tell|imagine|say|hear)\b)([^,.;!?]+)[.!]?\s*$/i;

/** What the other speaker said just before, within two segments, that a reply standing for it ("i'll do that this weekend") takes on. */
export function putToTheSpeaker(segments: readonly Segment[], at: number, speaker: string): string | undefined {
  for (const k of [at - 1, at - 2]) {
    const said = segments[k];
    if (!said || String(said.speaker ?? '').trim() === speaker) continue;
    return PUT_TO_YOU.exec(String(said.sentence ?? ''))?.[1]?.trim();
  }
  return undefined;
}
