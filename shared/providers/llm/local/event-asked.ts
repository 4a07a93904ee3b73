// A date given in answer to "when is …?" or "when can we do …?": "when is the wedding again" …
// "yes, june the sixth at two" names the wedding ("when can we do the cutover" … "the weekend of
// the sixth" the cutover), as the question does when it offers the day itself ("when is the
// wedding again, june the sixth right"). A day offered right after a need names what is needed:
// "we need volunteers to sort donations before that, how about the thursday before at six" →
// "Sort donations". A day set for "a meeting" with no name of its own names the thing talked
// about just before: "let's bring him back for a final round with the cto" … "let's pencil in
// the fourteenth at eleven" → "Final round with the CTO". And a one-word title takes the fuller
// name said before it: "the spring book sale" … "the sale itself is on saturday" → "Spring book sale".
// An item of the agenda opened ("last item, the fire drill.", or a sentence that only names it:
// "client demo.") is asked about as "when is …" is.

import { CLOCK_HOUR_WORD } from '../../../text/calendar.ts';
import { namesAPlace } from '../../../text/places.ts';
import { taggedWords } from '../../../text/pos.ts';
import { onlyKind, type EventKind } from './event-title.ts';
import { keptCapitals } from './event-things.ts';
import { OCCASION } from './event-phrases.ts';

/** What the thing asked about is for ("the grading day for next season"): no part of its name. */
const FOR_WHICH = String.raw`(?:\s+(?:for|of)\s+(?:(?:the|this|next|our)\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)`;
/** "when is the wedding", "when's our next review", "when does the sale start", "when can we do the cutover": the thing asked about. */
const ASKED_WHEN = new RegExp(
  String.raw`\bwhen(?:'s|\s+(?:is|are|was|were|does|do|will)|\s+(?:can|could|should|shall|do|will)\s+(?:we|you|they|i)\s+(?:do|have|hold|run|book|schedule|plan|fit\s+in|start))\s+(?:the|our|your|my|his|her|their)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?=\s+(?:again|exactly|now|then|happening|start|starting|begin|due|going\s+to\s+be)\b|${FOR_WHICH}?[\s,.?!]*(?:$|[,.?!]))`,
  'iu',
);
/**
 * "and the grading day for next season, when is that?", "the bake sale, when's it on?": a thing
 * named first, then asked when it is.
 */
const NAMED_THEN_ASKED = new RegExp(
  String.raw`^\s*(?:(?:and|so|ok|okay|right|now|also|oh|well|great)[,\s]+)*(?:the|our)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)${FOR_WHICH}?\s*,\s*when(?:'s|\s+is|\s+was|\s+will)\s+(?:that|it)\b`,
  'iu',
);
/** "my hygiene appointment in march, can i move it to april?": a thing asked to be moved, which a day said in answer ("the first free one is …") is for. */
const MOVE_ASKED = /\b(?:the|our|my|your|his|her|their)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?:\s+(?:in|on|at|for|this|next)\b[^,?.]*)?\s*,?\s*(?:can|could|shall|may|would)\s+(?:i|we|you)\s+(?:move|push|change|shift|rebook|reschedule|bring)\s+(?:it|that|this)\b/iu;
/** "is there a practical session too?", "will there be a dress rehearsal?": a thing asked after, which a day said in answer is for. */
const IS_THERE = /^\s*(?:(?:and|so|oh)[,\s]+)?(?:is|will)\s+there\s+(?:be\s+)?(?:a|an|another)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?:\s+(?:too|as\s+well|also))?\s*\?\s*$/iu;
/** "… at five for that": a time said for the thing asked for. */
const FOR_THAT = /\bfor\s+(?:that|it|this)\b/i;
/** "no", "not yet": an answer that says there is none. */
const NONE = /^\s*(?:no|nope|not)\b/i;
/** "what time is the rehearsal on friday?", "what time's call tomorrow?": the thing whose time is asked, a day said with it or not. */
const TIME_ASKED =
  /\bwhat\s+time(?:'s|\s+(?:is|are|will))\s+(?:(?:the|our|your|my|his|her|their)\s+)?(?!(?:it|that|this|we|you|they|i|he|she)\b)((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?=\s+(?:on|this|next|tomorrow|today|tonight|start|starting|begin|finish|end|again)\b|[\s,.?!]*(?:$|[,.?!]))/iu;
/**
 * "we need volunteers to sort donations", "we'll need someone to set up the chairs before the
 * fair", "we need a dry run on staging", "the actors need a table read", "we need one more rehearsal": what is to be done, up to the words that say when. Not what only steers the mind ("we need
 * to be careful", "we need to decide") or is the day itself ("we need to set a date").
 */
const NEEDED =
  new RegExp(String.raw`\b(?:we|i|they|the\s+[\p{L}-]+)(?:'ll|'d|\s+(?:will|would|still|also))?\s+need\s+(?:(?:some|a\s+few|a\s+couple\s+of|more|two|three|four|five|six)\s+)?(?:(?:(?:volunteers|people|someone|somebody|helpers|hands|a\s+team)\s+)?to\s+(?!(?:be|have|get|know|think|decide|figure|remember|make\s+sure|keep|stop|say|ask|see|go|do)\b|[\p{L}-]+\s+(?:(?:a|the|another|a\s+new)\s+)?(?:date|day|time)\b)|(?:a|an|another|one\s+more|(?:one|two)\s+(?:more|extra))\s+(?=(?:[\p{L}-]+\s+){0,2}?${OCCASION}\b))((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+?)(?=\s+(?:before|after|by|on|at|this|next|first|sometime|soon|again|then|for)\b|[\s,.?!]*(?:$|[,.?!]))`, 'iu');
/** "we'd like a deeper dive with your CTO", "i'd love a quick demo": a thing wanted, which a day offered next is for (with "the" for "your", "our"). */
const WANTED_THING = /\b(?:we|i|they)(?:'d|\s+would)\s+(?:like|love|want)\s+(?:to\s+(?:have|do|set\s+up|book|arrange)\s+)?(?:a|an|another)\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+(?:\s+with\s+(?:(?:the|your|our)\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)?)(?=\s*[,.;!?]|\s*$|\s+(?:on|at|next|this|before|after|soon)\b)/iu;
/**
 * "the landlord wants to meet us about the lease", "sam would like to meet about the budget": a
 * meeting wanted, with whom (1, said with "the") and about what (2), which a day offered next is for.
 */
const WANTS_TO_MEET =
  /\b(?:(?:the|our)\s+([\p{L}-]+)|[\p{L}-]+)\s+(?:wants|would\s+like|'d\s+like|has\s+asked|asked)\s+to\s+meet\s+(?:with\s+)?(?:(?:us|you|me|them|him|her|everyone|(?:the|our)\s+[\p{L}-]+)\s+)?about\s+((?:the|our)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?=[\s,.?!]*(?:$|[,.?!])|\s+(?:on|at|before|after|next|this|sometime|soon)\b)/iu;
/** "we'd like to invite you to a second interview with the hiring manager": a thing one is invited to, which a day offered next is for. */
const INVITED =
  /\binvit(?:e|ing)\s+(?:you|you\s+all|them|him|her|us|everyone)\s+(?:to|for)\s+(?:a|an|the|our)\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+(?:\s+with\s+(?:the|our|your)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+)?)(?=[\s,.?!]*(?:$|[,.?!])|\s+(?:on|at|next|this|sometime|soon)\b)/iu;
/** "when would that be?", "when is it?": the time of the thing just asked for or offered, asked again. */
const WHEN_THAT = /^\s*(?:(?:ok(?:ay)?|great|sure|so|and|oh)[,.\s]+)*when\s+(?:would|will|is|could|can|should)\s+(?:that|it)(?:\s+be)?\s*\?\s*$/i;

/** The thing asked for before, asked of again ("… a second interview" … "when would that be?"): its answer may come in the line after. */
export const askedAgain = (sentence: string, asked: AskedWhen | undefined, segment: number): AskedWhen | undefined =>
  asked && segment - asked.segment <= ANSWER_REACH && WHEN_THAT.test(sentence) ? { ...asked, segment } : undefined;

/** "what's the deadline for sign-ups", "what's the closing date for entries": the day of a thing asked for, which the answer sets. */
const DATE_ASKED = /\bwhat(?:'s|\s+is|\s+was)\s+(?:the|our)\s+(deadline|closing\s+date|cut-?off(?:\s+date)?|date)\s+for\s+((?:the\s+)?(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?=[\s,.?!]*(?:$|[,.?!]))/iu;
/** A day offered or taken: "how about …", "we have tuesday at two or wednesday morning", "shall we say …", "could she do …", "would thursday work", "thursday works (for me)", "she suggested tuesday", "thursday afternoon?". */
const OFFERS = /\b(?:suggested|proposed|offered)\b|\b(?:we|i)\s+(?:have|'ve\s+got|can\s+do|could\s+do)\s+[^.?!]*\bor\b|\b(?:how|what)\s+about\b|\b(?:shall|should|could|can)\s+we\s+(?:say|do|make\s+it)\b|\b(?:can|could|would)\s+(?:you|she|he|they)\s+do\b|\blet(?:'s|\s+us)\s+(?:say|do|make\s+it)\b|\b(?:would|does|will|could)\b[^.?!]*\b(?:work|suit)\b|\bworks?\s+for\s+(?:me|us|everyone|everybody)\b|\b(?:works|suits)(?=\s*(?:[,.!]|$))|^\s*(?:(?:or|so|maybe|perhaps)[,\s]+)?(?:[\p{L}-]+\s+){0,2}[\p{L}-]+\s*\?\s*$/iu;
/** "second, the annual general meeting.", "last item, the fire drill.", "next up is the quiz night", "season launch first.": a line that only opens an item of the agenda, which a day said next with no name of its own is for. */
const AGENDA =
  /^\s*(?:(?:ok|okay|right|so|and|now|good|great)[,.\s]+)*(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|next|finally|lastly|(?:the\s+)?(?:first|second|third|fourth|next|last|final)\s+(?:item|thing|point|topic)(?:\s+(?:is|on\s+the\s+agenda(?:\s+is)?))?|next\s+up(?:\s+is)?|moving\s+on\s+to|on\s+to)[,:]?\s+(?:the|our)\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)\s*[.!?]?\s*$|^\s*(?:(?:ok|okay|right|so|and|now)[,.\s]+)*(?:(?:the|our)\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+first\s*[.!:]\s*$/iu;
/** "and the second dress?", "what about the raffle?": a thing asked after, said alone after things given their days; the answer gives its day. */
const AND_THE = /^\s*(?:and|what\s+about|so)\s+(?:the|our)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s*\??\s*$/iu;
/** "client demo.", "new menu.": a sentence of a few words naming a thing and nothing else, as an item of the agenda is opened. */
const SAID_ALONE = /^\s*(?:(?:ok|okay|right|so|and|now|good|great)[,.\s]+)*(?:(?:the|our)\s+)?((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\s*[.!:]\s*$/iu;
/** What a short sentence says of the talk, not of a thing: "good point", "great question", "last thing", "quick update". */
const SAID_OF_TALK = /^(?:good|great|fair|nice|excellent|interesting|fine|lovely|brilliant|perfect|cool|sure|quick|last|next|other|same|big|small|main|final|first|one|another)$|^(?:point|question|idea|thing|things|morning|afternoon|evening|night|day|week|deal|cheers|bye|thanks|job|work|news|stuff|call|problem|worries|luck|update|note|topic|item|agenda|everyone|all|meeting)$/i;

/** The thing a sentence of its own names, as an item of the agenda ("Client demo."): nouns and adjectives only, ending in a noun. */
function itemSaidAlone(sentence: string): string | undefined {
  const item = SAID_ALONE.exec(sentence)?.[1]?.toLowerCase();
  const words = item ? taggedWords(item) : [];
  // "working bee", "cooking class": a word in -ing before a noun names what is done there.
  const naming = (w: (typeof words)[number], i: number) => ['NOUN', 'ADJ'].includes(w.pos) || (w.pos === 'VERB' && /ing$/.test(w.text) && words[i + 1]?.pos === 'NOUN');
  // "good point", "quick update": opened by a word of the talk, or all of them such; "quiz night" names a thing.
  const talk = SAID_OF_TALK.test(words[0]?.text ?? '') || words.every((w) => SAID_OF_TALK.test(w.text));
  if (words.length === 0 || talk || !words.every(naming) || words.at(-1)!.pos !== 'NOUN') return undefined;
  return item;
}

/** Words after an item of the agenda that say it is talked about, not what it is: "gig planning", "launch prep", "move logistics". */
const TALK_ABOUT = /\s+(?:planning|prep|preparation|logistics|update|updates|discussion)$/i;

/** How many segments after the question an answer may come. */
const ANSWER_REACH = 1;

type Found = { kind: EventKind; title: string } | undefined;

export interface AskedWhen {
  readonly title: string;
  readonly segment: number;
  /** A need, not a question: only a day offered or taken for it answers it. */
  readonly needsOffer?: boolean;
  /** Asked as "is there a …?": "no, …" says there is none. */
  readonly whetherAsked?: boolean;
  /** Asked as "what time is …?": a time said alone answers it ("Seven."). */
  readonly timeAsked?: boolean;
}

const capitalised = (thing: string): string => thing.charAt(0).toUpperCase() + thing.slice(1);

/** The thing `sentence` asks the time of, opens as an item of the agenda, or says is needed, with the segment it was said in; undefined when it does none. */
export function askedWhen(sentence: string, segment: number): AskedWhen | undefined {
  const agenda = AGENDA.exec(sentence);
  const timeAsked = TIME_ASKED.exec(sentence)?.[1];
  const isThere = IS_THERE.exec(sentence)?.[1];
  const item = keptCapitals(agenda?.[1] ?? agenda?.[2]) ?? itemSaidAlone(sentence);
  // "okay, gig planning.": the item is the gig, the planning is the talk about it.
  const thing = keptCapitals(ASKED_WHEN.exec(sentence)?.[1] ?? NAMED_THEN_ASKED.exec(sentence)?.[1] ?? isThere ?? timeAsked ?? AND_THE.exec(sentence)?.[1] ?? MOVE_ASKED.exec(sentence)?.[1]) ?? item?.replace(TALK_ABOUT, '');
  if (thing) return { title: capitalised(thing), segment, ...(timeAsked ? { timeAsked: true } : {}), ...(isThere ? { whetherAsked: true } : {}) };
  const date = DATE_ASKED.exec(sentence);
  // "what's the deadline for sign-ups" → "Deadline: sign-ups"; "what's the date for the fete" → "Fete".
  if (date) return { title: /^date$/i.test(date[1]!) ? capitalised(date[2]!.toLowerCase().replace(/^the\s+/, '')) : `Deadline: ${date[2]!.toLowerCase()}`, segment };
  const meeting = WANTS_TO_MEET.exec(sentence);
  if (meeting) return { title: `Meeting ${meeting[1] ? `with the ${meeting[1].toLowerCase()} ` : ''}about ${meeting[2]!.toLowerCase()}`, segment, needsOffer: true };
  const wanted = (WANTED_THING.exec(sentence) ?? INVITED.exec(sentence))?.[1]?.replace(/\b(?:your|our)\s/i, 'the ');
  if (wanted) return { title: capitalised(keptCapitals(wanted)!), segment, needsOffer: true };
  const needed = NEEDED.exec(sentence)?.[1]?.toLowerCase();
  return needed ? { title: capitalised(needed), segment, needsOffer: true } : undefined;
}

/** A time said alone: "Seven.", "seven thirty", "about half six". */
const TIME_ALONE = new RegExp(`^\\s*(?:(?:about|around)\\s+)?(?:half\\s+)?${CLOCK_HOUR_WORD}(?:\\s+(?:o'?clock|fifteen|thirty|forty[\\s-]five|[ap]\\.?\\s?m\\.?))?\\s*[.!]?\\s*$`, 'i');

/** "what time is call on friday?" … "Seven.": the answer, a time alone, read as "at seven". */
export const answeredWithTime = (sentence: string, asked: AskedWhen | undefined, segment: number): string =>
  asked?.timeAsked && segment - asked.segment <= ANSWER_REACH && TIME_ALONE.test(sentence) ? `at ${sentence.trim()}` : sentence;

/** The event a date with no name of its own, said in `segment` by `sentence`, answers; undefined when no question is close enough. */
function answered(asked: AskedWhen | undefined, segment: number, sentence: string): Found {
  if (!asked || segment - asked.segment > ANSWER_REACH || (asked.needsOffer && !OFFERS.test(sentence) && !FOR_THAT.test(sentence)) || (asked.whetherAsked && NONE.test(sentence))) return undefined;
  return { kind: /^deadline\b/i.test(asked.title) ? 'deadline' : 'appointment', title: asked.title };
}

/** "… booked the hall for the twenty second", "the clubrooms are reserved for …": a place booked, where the thing is, not what. */
const BOOKED = /\b(?:book(?:ed|ing)?|reserved?|hired?|locked\s+in|got)\b/i;

/**
 * The answer to a need said with the day ("we'll need someone to pick up the keys, would monday work?") when it says more than the title found ("Keys"),
 * or to the item opened when the title found is a place booked for it ("trivia night first. we booked the hall for …").
 */
export function answeredOr(found: Found, asked: AskedWhen | undefined, segment: number, sentence: string): Found {
  const answer = answered(asked, segment, sentence);
  if (!found || !answer) return found ?? answer;
  // "the VAT return, when's that due?" … "the next one is due on …": a deadline naming nothing is the thing asked about.
  if (found.title === 'Deadline' && answer.kind === 'appointment') return { kind: 'deadline', title: `Deadline: ${/^[A-Z]{2}/.test(answer.title) ? answer.title : answer.title.charAt(0).toLowerCase() + answer.title.slice(1)}` };
  if (namesAPlace(found.title) && BOOKED.test(sentence)) return answer;
  // "do we need a sound check?" … "let's get there at five for that": a meeting naming nothing is the thing asked for.
  if (found.kind === 'appointment' && onlyKind(found.title) && answer.kind === 'appointment') return answer;
  return asked?.needsOffer && asked.segment === segment && answer.title.toLowerCase().includes(found.title.toLowerCase()) ? answer : found;
}

/** Words before a thing's name that are no part of it: "the next sale", "the whole sale". */
const NOT_OF_NAME = /^(?:next|last|first|second|third|final|whole|same|other|another|big|bigger|small|new|old|previous|upcoming|actual|real|entire|main|only|usual|one|own|each|every|this|that|such|said|proper|official|of|for|from|in|on|at|to|with|and|or|is|was|are|were|be)$/i;
/** How many sentences back the fuller name may have been said. */
const NAME_REACH = 30;

/** The fuller name of a one-word title, said with "the", "our" or "this" in the sentences before (nearest first): "Sale" → "Spring book sale". */
export function fullerName(title: string, before: readonly string[]): string | undefined {
  if (!/^[\p{L}-]+$/u.test(title)) return undefined;
  const named = new RegExp(`\\b(?:the|our|this|this year's|next year's)\\s+((?:[\\p{L}-]+\\s+){1,2})${title}\\b`, 'iu');
  for (const line of [...before].reverse().slice(0, NAME_REACH)) {
    const words = named.exec(line)?.[1]?.trim().split(/\s+/) ?? [];
    while (words.length > 0 && NOT_OF_NAME.test(words[0]!)) words.shift();
    // "the CQC inspection": a word said in capitals stays so.
    if (words.length > 0 && !words.some((w) => NOT_OF_NAME.test(w))) return capitalised([...words, title].map((w) => (/^[A-Z]{2,5}$/.test(w) ? w : w.toLowerCase())).join(' '));
  }
  return undefined;
}

/** "for a final round with the cto", "for a second interview": a thing to meet for, said without a day. */
const FOR_A_THING = /\bfor\s+(?:a|an|another)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+(?:\s+with\s+(?:the\s+)?[\p{L}-]+)?)\s*(?:[,.;!?]|$)/iu;
/** The last word of what "for a …" says when it is no thing to meet for: a length of time, a while, a change. */
const NO_THING = /^(?:while|bit|moment|minute|second|few|couple|change|living|reason|week|month|year|day|hour|fortnight)s?$/i;
const THING_LINES = 3;
/** "can we have a quick call once you've done it?", "shall we book a site visit after that": a thing asked for, said without a day. */
const ASKED_FOR_A = /\b(?:can|could|shall|should)\s+we\s+(?:have|do|book|schedule|set\s+up|arrange|grab)\s+(?:a|an|another)\s+(?:(?:quick|short|brief|little)\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?=\s+(?:once|when|after|before|about|to|with|first)\b|\s*[,.;!?]|\s*$)/iu;

/** The thing to meet for said in the lines before (nearest last), or undefined. */
export function thingTalkedAbout(before: readonly string[]): string | undefined {
  for (const line of [...before].reverse().slice(0, THING_LINES)) {
    const thing = FOR_A_THING.exec(line)?.[1] ?? ASKED_FOR_A.exec(line)?.[1];
    if (thing && !NO_THING.test(thing.replace(/\s+with\s+.*$/i, '').split(/\s+/).at(-1)!)) return thing.charAt(0).toUpperCase() + thing.slice(1).replace(/\b(cto|ceo|cfo|coo|hr|qa)\b/gi, (w) => w.toUpperCase());
  }
  return undefined;
}
