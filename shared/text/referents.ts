// What "them", "her", "him" and a leading "they" stand for, as the nearest fitting noun phrase said
// before them (the clause before in the same line, then the two lines before): "we still need to
// send the invitations" … "i'll print them this weekend" → "print the invitations"; "did the
// florist get back to us" … "i'll chase her tomorrow" → "chase the florist". A plural pronoun
// takes a plural noun phrase, "her" and "him" one that names someone by their part or kin
// (roles.ts, "my brother"), and "it" after a verb that does something to a thing ("publish it")
// a thing said before it in its own line; "do it", "sort it" are left as they are: they
// stand for a whole task.
import type { Segment } from '../providers/types.ts';
import { inLexicon, taggedWords, type TaggedWord } from './pos.ts';
import { UNNAMED } from './requests.ts';
import { isKin, isRole } from './roles.ts';

/** Determiners a noun phrase worth naming starts with ("the invitations", "my brother"; not "a room"). */
const DETERMINER = /^(?:the|our|my|your|their|his|her|these|those)$/i;
/** For a thing to put in a calendar, one said with "a" too ("we should do a mock inspection" … "let's do it at two"). */
const ANY_DETERMINER = /^(?:the|our|my|your|their|his|her|these|those|a|an)$/i;
/** How many lines before the pronoun's a noun phrase may be. */
const LINES_BACK = 2;

type Wanted = 'plural' | 'person' | 'thing' | 'calendar thing';
/** What says when, not what: "the twelfth", "a week", "the morning". */
const WHEN_HEAD = /^\S+\s+(?:(?:same|next|following|whole|other|last)\s+)?(?:week|weekend|fortnight|day|month|year|morning|afternoon|evening|night|time|hour|minute|first|second|third|[a-z]+th|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i;

interface Phrase {
  readonly text: string;
  /** Where it starts and ends in the text it was found in. */
  readonly from: number;
  readonly to: number;
  readonly plural: boolean;
  readonly person: boolean;
  /** A group of people named in the singular ("the Nguyen family"), which "them" may stand for. */
  readonly group?: boolean;
}

/** Nouns that name a group of people, spoken of as "they" ("the family said they'd do it"). */
const GROUP = /^(?:family|team|crew|band|choir|committee|board|council|club|staff|squad|class|group|office|firm|agency)$/i;

/** The text's noun phrases that start with a determiner, in order: "the invitations", "my brother", "the new kitchen units"; with `bare`, plurals said without one too ("we need trophies" → "the trophies"). */
function nounPhrases(text: string, determiner = DETERMINER, bare = false): Phrase[] {
  const words = taggedWords(text);
  const phrases: Phrase[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const opens = determiner.test(words[i]!.text) && ['DET', 'PRON'].includes(words[i]!.pos);
    const kin = opens ? undefined : kinAsName(words, i);
    if (kin) phrases.push(kin);
    if (kin || (!opens && !(bare && barePluralAt(words, i)))) continue;
    const first = opens ? i + 1 : i;
    // "the under twelves tournament", "the over fifties walk": an age group opens the phrase.
    let end = /^(?:under|over)$/i.test(words[first]?.text ?? '') && ['NOUN', 'NUM'].includes(words[first + 1]?.pos ?? '') ? first + 1 : first;
    // "the Nguyen family": a name before a noun is part of the phrase.
    while (end < words.length && (['ADJ', 'NOUN'].includes(words[end]!.pos) || (words[end]!.pos === 'PROPN' && words[end + 1]?.pos === 'NOUN') || nounAsVerb(words, end))) end += 1;
    // "the colour palette tomorrow": a word that says when ends the phrase before it.
    while (end > first && WHEN_WORD.test(words[end - 1]!.text)) end -= 1;
    const head = words[end - 1];
    if (end === first || head?.pos !== 'NOUN') continue;
    const lower = head.text.toLowerCase();
    const plural = /[^s]s$/.test(lower) || lower === 'parents';
    if (!opens && (!plural || isRole(lower) || isKin(lower))) continue;
    // "my brother-in-law": the words the tagger split at hyphens are the head's.
    const until = head.start + head.text.length + (/^(?:-[\p{L}]+)+/u.exec(text.slice(head.start + head.text.length))?.[0].length ?? 0);
    const said = inLowerCase(text, words.slice(i, end), until);
    phrases.push({ text: `${opens ? '' : 'the '}${said}`, from: words[i]!.start, to: until, plural, person: isRole(lower) || isKin(lower), ...(GROUP.test(lower) ? { group: true } : {}) });
  }
  return phrases;
}

/**
 * "the council grant report is due": a noun the tagger read as a verb, in its plain form between two
 * nouns, the phrase then the subject of "is" ("the council grants money" agrees, so is a verb).
 */
const nounAsVerb = (words: readonly TaggedWord[], at: number): boolean =>
  words[at]!.pos === 'VERB' && words[at - 1]?.pos === 'NOUN' && words[at + 1]?.pos === 'NOUN' && words[at + 2]?.pos === 'AUX' && !/(?:[^s]s|ed|ing)$/i.test(words[at]!.text);

/** "Grandma arrives on …": kin said as a name, without "my", at word `i`. */
function kinAsName(words: readonly TaggedWord[], i: number): Phrase | undefined {
  const word = words[i]!;
  if (!isKin(word.text) || ['DET', 'PRON', 'ADJ', 'NOUN'].includes(words[i - 1]?.pos ?? '')) return undefined;
  return { text: word.text.charAt(0).toUpperCase() + word.text.slice(1).toLowerCase(), from: word.start, to: word.start + word.text.length, plural: false, person: true };
}

/** The text of the phrase from its first word up to `until`, in lower case but for a name in it ("the Nguyen family"). */
function inLowerCase(text: string, words: readonly TaggedWord[], until: number): string {
  const from = words[0]!.start;
  const said = words.reduce((out, w) => (w.pos === 'PROPN' ? out.slice(0, w.start - from) + w.text + out.slice(w.start - from + w.text.length) : out), text.slice(from, until).toLowerCase());
  return said.replace(/\s+/g, ' ');
}

/** Whether a plural said without a determiner starts at word `i`: right after a verb or a preposition ("we need trophies ordered", "ask for volunteers"; not "thanks for …"). */
function barePluralAt(words: readonly TaggedWord[], i: number): boolean {
  return ['NOUN', 'ADJ'].includes(words[i]!.pos) && ['VERB', 'AUX', 'ADP'].includes(words[i - 1]?.pos ?? '');
}

/** A line said before, and who said it. */
export interface SaidBefore {
  readonly text: string;
  readonly speaker: string;
}


/** "for", "of", "with" …: a phrase right after one and a phrase before it qualifies that one ("the quiz night for the netball club"). */
const QUALIFIES = /^\s+(?:for|of|with|at|in|from|on|about|by|near|behind|outside)\s+$/i;

/** "the end of the month", "the start of term": a part of a time, said with "of". */
const PART_OF_TIME = /^\S+\s+(?:very\s+)?(?:end|start|beginning|middle|rest|close)$/i;
/** Whether a phrase of `text` says when, not what ("the month", "the end of the month"): no thing a pronoun stands for. */
const saysWhen = (p: Phrase, text: string): boolean => WHEN_HEAD.test(p.text) || (PART_OF_TIME.test(p.text) && /^\s+of\s/i.test(text.slice(p.to)));

/** The last of the phrases that no phrase before it in `text` is qualified by. */
function headPhrase(text: string, phrases: readonly Phrase[]): Phrase | undefined {
  let k = phrases.length - 1;
  while (k > 0 && QUALIFIES.test(text.slice(phrases[k - 1]!.to, phrases[k]!.from))) k -= 1;
  return phrases[k];
}

/** "Marcus said he'd do it", "Priya will bring the urn": a name (a capitalised word the lexicon lacks, or the tagger reads as a name) said as the subject of what someone says or does. */
const NAME_SAYING = /(?:^|[\s,;.])(\p{Lu}\p{Ll}+)(?=\s+(?:said|says|will|'ll|is|was|can|could|has|had|wants|wanted|'d|would|asked|offered|told|promised|agreed|thinks|thought)\b)/gu;

function nameSaying(text: string): Phrase | undefined {
  const said = [...text.matchAll(NAME_SAYING)];
  if (said.length === 0) return undefined;
  // The tagger only for a word the lexicon has ("Shona"): is it read as a name here?
  const proper = said.every((m) => !inLexicon(m[1]!)) ? new Set<number>() : new Set(taggedWords(text).filter((w) => w.pos === 'PROPN').map((w) => w.start));
  const name = said.filter((m) => !inLexicon(m[1]!) || proper.has(m.index + m[0].indexOf(m[1]!))).at(-1);
  if (!name) return undefined;
  const from = name.index + name[0].indexOf(name[1]!);
  return { text: name[1]!, from, to: from + name[1]!.length, plural: false, person: true };
}

/** The nearest phrase before, in `before` (nearest last), of the kind wanted; "my" written as whose it is ("my brother" → "Ben's brother"), "your" of a thing as "the". */
function nearest(before: readonly SaidBefore[], wanted: Wanted, determiner = DETERMINER): string | undefined {
  for (const said of [...before].reverse().slice(0, LINES_BACK + 1)) {
    const fits = (p: Phrase) => (wanted === 'plural' ? p.plural || p.group === true : wanted === 'person' ? p.person && !p.plural : !p.person && !p.plural && !saysWhen(p, said.text));
    const found = headPhrase(said.text, nounPhrases(said.text, determiner, wanted === 'plural').filter(fits)) ?? (wanted === 'person' ? nameSaying(said.text) : undefined);
    if (!found) continue;
    // "i need your copy by four" … "you'll have it": the thing, whoever says it next ("the copy").
    if (found.text.startsWith('your ') && wanted !== 'person') return `the ${found.text.slice('your '.length)}`;
    if (!found.text.startsWith('my ')) return found.text;
    return UNNAMED.test(said.speaker) ? undefined : `${said.speaker}'s ${found.text.slice(3)}`;
  }
  return undefined;
}

/** An object pronoun (not "her" before a noun, a possessive): "chase her", "print them", "book him a room". */
const OBJECT = /\b(them|those|these|him|her)\b(?=\s*$|\s+(?:a|an|the|some|up|back|again|about|on|in|into|at|for|from|to|with|over|round|off|out|by|before|after|first|today|tomorrow|tonight|later|there|here|if|when|once|unless)\b)/i;

/** "publish it", "sign it off", "talk about it": "it" after a verb that does something to a thing or talks of it ("do it", "sort it", "handle it" stand for a whole task, and stay). */
const THING_OBJECT = /^(?!(?:do|sort|handle|take|deal|see|get|make|cover|own|leave|keep|try|give|have)\b)[\p{L}-]+\s+(?:(?:about|over|through)\s+)?(it)\b(?=\s*$|\s+(?:up|back|off|out|over|on|in|to|for|with|by|before|after|today|tomorrow|tonight|later|this|next|and|then|around|round|through|across)\b)/iu;

/** Words that open a line before its subject: "and the grant application is due …". */
const OPENING = /^\s*(?:(?:and|so|ok|okay|well|now|also|right|then|finally|lastly)[,\s]+)*/i;

/** "and the grant application is due on the thirtieth", "it's twelve pounds, and the consent form is due back …": the thing the last clause of a line that opens with one has as its subject, which "it" said next stands for. */
function topicOf(line: string): string | undefined {
  for (const clause of line.split(/[,;.!?]\s*/).reverse()) {
    const topic = subjectOf(clause) ?? askedWhoDoes(clause);
    if (topic) return topic;
  }
  return undefined;
}

/** "who's drafting the methods section?", "who can take the minutes": who will do a thing to what follows. */
const WHO_DOES = /^\s*(?:(?:and|so|ok|okay|now|then)[,\s]+)*who(?:'s|\s+is|\s+(?:can|could|will|would|wants\s+to|is\s+going\s+to))\s+[\p{L}-]+\s+(?=\S)/iu;

/** "who's placing it?": the question takes up "it", said before. */
const WHO_DOES_IT = new RegExp(`${WHO_DOES.source}it\\b`, 'iu');

/** The thing a question asks who will do something to, which "it" in the answer stands for ("i can draft it by wednesday"). */
function askedWhoDoes(clause: string): string | undefined {
  const asked = WHO_DOES.exec(clause);
  const thing = asked ? nounPhrases(clause.slice(asked[0].length))[0] : undefined;
  return thing && thing.from === 0 && !thing.person && !thing.plural ? thing.text : undefined;
}

/** A verb whose subject wants or hands over a thing: "the sponsor wants the ad copy", "the client asked for the revised quote". */
const WANTS = /^(?:wants?|wanted|needs?|needed|asked|asks|expects?|expected|requested|requests|sent|sends)$/i;

function subjectOf(text: string): string | undefined {
  const rest = text.replace(OPENING, '');
  const [first, second] = nounPhrases(rest);
  if (!first || first.from !== 0) return undefined;
  const verb = taggedWords(rest.slice(first.to))[0];
  // "the sponsor wants the ad copy by friday" … "i'll write it": the thing wanted, not the one who wants it.
  if (verb && WANTS.test(verb.text)) return second && !second.person && !second.plural && /^\s+\S+(?:\s+for)?\s+$/.test(rest.slice(first.to, second.from)) ? second.text : undefined;
  // "the hall booking form needs …": a word in -ing after the phrase is more of its name, which the tagger cut short.
  const follows = ['AUX', 'ADP'].includes(verb?.pos ?? '') || (verb?.pos === 'VERB' && !/ing$/i.test(verb.text));
  return !first.person && !first.plural && follows ? first.text : undefined;
}

/** The task with its object pronoun written as the phrase it stands for; `before` is what was said before it, nearest last. */
export function withReferent(task: string, before: readonly SaidBefore[]): string {
  const pronoun = OBJECT.exec(task) ?? THING_OBJECT.exec(task);
  if (!pronoun) return task;
  const word = pronoun[1]!.toLowerCase();
  // "it" looks back no further than its own line, or the topic the line before opened with.
  // "the seed order has to go in by friday" … "who's placing it?" … "i'll place it thursday": the topic the question took up.
  const asked = (at: number) => topicOf(before.at(at)?.text ?? '') ?? (WHO_DOES_IT.test(before.at(at)?.text ?? '') ? topicOf(before.at(at - 1)?.text ?? '') : undefined);
  const phrase = word === 'it' ? (nearest(before.slice(-1), 'thing') ?? asked(-2)) : nearest(before, /^(?:them|those|these)$/.test(word) ? 'plural' : 'person');
  const at = pronoun.index + pronoun[0].lastIndexOf(pronoun[1]!);
  return phrase ? `${task.slice(0, at)}${phrase}${task.slice(at + pronoun[1]!.length)}` : task;
}

/** The task with "it" written as a thing said before it in its own line (`own`: "we still need to decide on the band, let's talk about it"), else as withReferent finds it in the lines before. */
export function withReferentHere(task: string, own: string, before: readonly SaidBefore[]): string {
  const here = own.trim() ? withReferent(task, [{ text: own, speaker: '' }]) : task;
  return here !== task ? here : withReferent(task, before);
}

/** "they have to go out by …", "they are due on …": a plural subject pronoun leading a clause, written as the phrase it stands for. */
export function withSubject(clause: string, before: readonly SaidBefore[]): string {
  const lead = /^((?:(?:and|so|but|then|ok|okay|well)[,\s]+)*)they\b(?=\s+(?:have|need|must|should|will|are|'re|were|go|get)\b)/i.exec(clause);
  const phrase = lead ? nearest(before, 'plural') : undefined;
  return phrase ? `${lead![1]}${phrase}${clause.slice(lead![0].length)}` : clause;
}

/** What was said before a point in segment `at`: the lines before it, then `inLine`, the part of its own line before that point. */
export function linesBefore(segments: readonly Segment[], at: number, inLine: string, speaker: string): SaidBefore[] {
  const lines = segments.slice(Math.max(0, at - LINES_BACK), at).map((s) => ({ text: String(s?.sentence ?? ''), speaker: String(s?.speaker ?? '').trim() }));
  return [...lines, { text: inLine, speaker }];
}

/** "i'll set that up", "i can draft it": a verb done to what was just said, its particle, and the rest. */
const DONE_TO_THAT = /^([\p{L}-]+)\s+(?:that|it|this)(?:\s+(up|out|off|together|in))?(\s+[^,.;!?]*)?$/iu;
/** "we need", "someone should write", "we have to fix": what another speaker said is needed or should be done; the thing follows. */
const NEEDED = /\b(?:we|i|you|someone|somebody)\s+(?:(?:still|also|really|definitely|probably)\s+)?(?:need|needs|could use|should(?:\s+[\p{L}-]+)?|must\s+[\p{L}-]+|ha(?:ve|s) to\s+[\p{L}-]+|needs? to\s+[\p{L}-]+)\s+(?=(?:a|an|the|some|more|our|new|your)\s)/iu;
/** A word that says when, not what: "… the report today". */
const WHEN_WORD = /^(?:today|tomorrow|tonight|yesterday|now|asap|noon|midday|midnight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|week|month|morning|afternoon|evening)$/i;
/** How many words the thing needed may run to, its qualifiers included ("an alert on disk usage above eighty percent"). */
const THING_WORDS = 10;

/** The noun phrase at the start of `text`, with the phrases that qualify it: a determiner, words naming things, then "on …", "for …" and the like. */
function thingAt(text: string): string | undefined {
  const words = taggedWords(text);
  if (words[0]?.pos !== 'DET' && !/^(?:your|our)$/i.test(words[0]?.text ?? '')) return undefined;
  let end = 1;
  let lastNoun = 0;
  while (end < words.length && end < THING_WORDS) {
    const { pos, text: word } = words[end]!;
    if (WHEN_WORD.test(word)) break;
    if (['NOUN', 'PROPN'].includes(pos)) lastNoun = end;
    else if (!['ADJ', 'NUM', 'ADP', 'DET'].includes(pos)) break;
    end += 1;
  }
  return lastNoun > 0 ? text.slice(0, words[lastNoun]!.start + words[lastNoun]!.text.length) : undefined;
}

/** A reply's "set that up" written as what the other speaker said was needed in the two lines before: "set up an alert on disk usage". */
export function withThingNeeded(task: string, before: readonly SaidBefore[], speaker: string): string {
  const done = DONE_TO_THAT.exec(task);
  if (!done) return task;
  for (const said of [...before].reverse().slice(0, LINES_BACK)) {
    if (said.speaker === speaker) continue;
    const need = NEEDED.exec(said.text);
    const needed = need ? thingAt(said.text.slice(need.index + need[0].length)) : undefined;
    // "i need your copy by four" … "you'll have it": the copy, whoever sends it.
    if (needed) return `${done[1]}${done[2] ? ` ${done[2]}` : ''} ${needed.toLowerCase().replace(/^your\s/, 'the ')}${done[3] ?? ''}`;
  }
  return task;
}

/** The thing said last in the lines before (nearest last), as a title: "then we'll go with the walk" → "Walk"; undefined when none. */
export function thingBefore(before: readonly SaidBefore[]): string | undefined {
  const phrase = nearest(before, 'calendar thing', ANY_DETERMINER)?.replace(/^(?:the|our|my|your|their|his|her|these|those|a|an)\s+/i, '');
  return phrase ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : undefined;
}
