// What kind of event a sentence proposes (an appointment by its cue word, or a deadline) and
// the title it gets: "Meeting: review the release", "Call with the vendor", "Deadline: budget
// report". Deterministic; no I/O.
import { activityTitle, journeyTitle, seenTitle, sentTitle, visitTitle } from './event-visit.ts';
import { CUE_NOUNS, CUES, cueIn } from './event-cues.ts';
import { fronted, inFor, keptCapitals, namesAThing, offeredFor, remindedOf, thereIs } from './event-things.ts';
import { REQUEST } from '../../../text/action-items.ts';
import { CONDITION_FIRST } from '../../../text/requests.ts';
import { inLexicon, taggedWords } from '../../../text/pos.ts';
import { CLOSES, MEAL_AS_WHEN, OWNED, CLOSES_BARE, DAY_IS, DAYS_OWN, DET, NOT_SCHEDULED, RESTATED, RESUMED, SCHEDULED, SEQUENCE, SET_DATE, SUBJECT_OF_BE, UNMARKED, UNMARKED_ONE, VERBLESS } from './event-phrases.ts';

/** "deadline", "due", "within fourteen days": a time by which something is to be done. */
const DEADLINE = /\b(?:deadline|due)\b|\bwithin\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:(?:working|business)\s+)?(?:days?|weeks?|months?)\b/i;
const DEADLINE_LEAD = /\b(?:by|before|no later than|until|till)\s+(?:the\s+)?$/i;
/** "he is away until the fourteenth", "the hall is shut till monday": when an absence ends, nothing due. */
const ABSENT_UNTIL = /\b(?:away|off|out|gone|abroad|on (?:holiday|leave|vacation|sick leave)|closed|shut|unavailable)\s+(?:until|till)\s+(?:the\s+)?$/i;
const UNTIL_LEAD = /\b(?:until|till)\s+(?:the\s+)?$/i;
/** "you have until friday", "we've got till the tenth": time given for something. */
const TIME_GIVEN = /\b(?:have|has|had|got|'ve|given)\s+(?:\w+\s+)?(?:until|till)\s+(?:the\s+)?$/i;
/** "is", "will be"; and "isn't", "doesn't start" left before "until" ("the deadline isn't until the twentieth"). */
const COPULA = /^(?:(?:is|are|was|will be|isn't|aren't|is not|are not|(?:doesn't|does not|don't)(?:\s+(?:start|begin|open|happen))?)(?:\s+|$))+|(?:\s+(?:is|are|was|will be|isn't|aren't|is not|are not|(?:doesn't|does not|don't)(?:\s+(?:start|begin|open|happen))?))+$/gi;
const FILLER = /^(?:(?:so|and|okay|ok|right|well|also|then|just|good|great|yes|yeah|um+|uh+|now|but|cheers|thanks|lovely|brilliant|perfect|cool|nice)[,\s]+)+/i;
const MODAL = /\b(?:i|we|you|he|she|they|[\p{L}]+)(?:'ll|\s+(?:will|shall|need to|needs to|must|should|have to|has to|got to|can|(?:am|is|are|'m|'re) going to))\s+(.+)$/iu;
/** Words after the cue that say how, when or with whom, not what ("we meet again", "let's sync up there", "a meeting planned", "meet me", "call first thing"): no title. */
const ADVERBS =
  /^(?:(?:again|soon|later|then|there|here|together|up|too|also|once more|as usual|as planned|as agreed|planned|scheduled|booked|arranged|instead|first thing|me|us|you|them|him|her|itself|themselves|slipped|moved|pushed back|pushed|shifted|delayed|brought forward|(?:that|the same)\s+(?:morning|afternoon|evening|night|day))[,\s]*)+|(?:[,\s]+(?:again|soon|later|then|there|here|together|too|also|once more|as usual|as planned|as agreed|planned|scheduled|booked|arranged|instead|first thing|for\s+(?:that|the same)(?:\s+(?:morning|afternoon|evening|night|day))?|(?:that|the same)\s+(?:morning|afternoon|evening|night|day)|(?:but\s+)?(?:somewhere else|elsewhere|(?:at|in)\s+(?:a\s+)?(?:different|another|new|other)\s+(?:place|venue|room|spot|location))|(?:at\s+)?(?:the\s+)?same\s+(?:place|venue|room|spot|location)))+$/gi;
/** "let's review the numbers again at four p m on the tenth": a time proposed to do something together. */
const LETS = /(?:^|[\s,])(?:let's|lets|let us)\s+(?!(?:know|hope|say|assume|suppose|see|not|be|imagine|pretend|face|remember|wait|keep in mind|keep\s+(?:this|it|things)\s+(?:short|brief|quick|simple|tight|moving)|get\s+(?:going|started|on)|crack on|move on|aim|target)\b)(.+)$/i;
/** "we agreed to move the files by friday", "the plan is to launch by …": what was agreed, planned or meant to be done. */
const INTENT = /\b(?:(?:plan|goal|aim|idea|target|hope)\s+(?:is|was)|agreed|decided|planned|plan|planning|promised|aim|aiming|intend|want|wants|hope|hoping)\s+to\s+(.+)$/i;
/** "we need two more skips before …": what is needed. */
const NEEDED = /\b(?:we|i|you|they)\s+(?:still\s+|also\s+)?(?:need|needs|want|require)\s+(?!to\b)(.+)$/i;
/** "the venue wants the final numbers by …", "finance needs the list by …": what someone else wants, said with who. */
const WANTED = /\b((?!(?:we|i|you|they|it|that|this|which|who)\b)[\p{L}-]+\s+(?:needs|wants|requires|expects)\s+(?!to\b).+)$/iu;
const MAX_TITLE = 200;
/** A title cut to MAX_TITLE characters, an ellipsis marking the cut. */
export const cappedTitle = (title: string): string => (title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1).trimEnd()}…` : title);
const NAMED = new RegExp(`\\b(?:the|our|a|an|this|that|my|your|their)\\s+((?:[\\p{L}-]+\\s+){1,3})(${CUE_NOUNS.join('|')})\\b`, 'iu');
/** "next committee meeting is …": the name opening the clause, without a determiner. */
const NAMED_FIRST = new RegExp(`^(?!(?:the|our|a|an|this|that|my|your|their)\\s)((?:[\\p{L}-]+\\s+){1,3})(${CUE_NOUNS.join('|')})\\b`, 'iu');
/** Words before the name that only pick which of them: "the next", "our usual". */
const WHICH_ONE = /^(?:(?:next|last|following|coming|upcoming|usual|same)\s+)+/i;
const NOT_A_NAME = /\b(?:next|last|first|this|that|same|other|usual|regular|weekly|daily|monthly|will|can|should|could|would|shall|you|we|i|they|please|is|are|was|were|be|have|has|had|to|of|in|on|at|for|with|and|or|my|your|our|their|his|her|its)\b/i;

/** A hedge or a question that leads or trails what is named: "can we get a draft", "… signed, ideally". */
const HEDGE = /^(?:(?:can|could|shall|should|will|would)\s+(?:we|you|i|they)\s+)|[,\s]+(?:ideally|hopefully|preferably|if possible|at the latest)$/gi;
/** What follows if it is not done ("… or we lose the slot", "otherwise they'll charge us"): no part of what is due. */
const CONSEQUENCE = /[\s,]+(?:or\s+else|or|otherwise|else)\s+(?:we|you|they|i|it|he|she)\b.*$/i;
/** "the permission slip must come back by …": a thing named with a determiner, what it must do, and the thing stays in the title. */
const THING_MUST = /\b(?:the|our|a|an|this|that|these|those|my|your|their|his|her)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\s+(?:will|shall|needs? to|must|should|ha(?:s|ve) to|got to|(?:is|are) going to)\s+(.+)$/iu;

/** "the offer for the data analyst needs sign off …": a thing named with a determiner (and what it is for or of) that needs something. */
const THING_NEEDS = /\b(?:the|our|this|that|these|those|my|your|their)\s+((?:[\p{L}-]+\s+){0,5}?[\p{L}-]+)\s+needs?\s+(?!to\b)(.+)$/iu;

const tidy = (text: string, dropArticle = false): string =>
  text
    // "keep the tuesday sessions , same as …": where a day was taken out, no space is left before a mark.
    .replace(/\s+/g, ' ')
    .replace(/ (?=[,;:])/g, '')
    // "lastly, the council grant report is due …": words that only order what is said.
    .replace(FILLER, '')
    .replace(SEQUENCE, '')
    .replace(CONSEQUENCE, '')
    .replace(/[\s,;:.!?-]+$/, '')
    .replace(HEDGE, '')
    .replace(COPULA, '')
    .replace(dropArticle ? /^(?:the|a|an|our|my|your|their)\s+/i : /^$/, '')
    .trim();

/**
 * "needs to be merged", "have to be signed", "must be paid": something to be done to a thing named
 * before it; "need to be in", "has to be back": a thing to be handed in (its name says it all).
 */
const TO_BE_DONE = /\s+(?:needs?|has|have|must|should|got|will|shall)\s+(?:to\s+)?(?:be|get)\s+(?:((?:[\p{L}]+ed|done|sent|paid|signed|written|made|taken|given|seen|built|sold|bought|set|put|shut|kept|held|read)\b.*)|(?:in|back|ready|finished|complete|over)\b)/iu;
/** Words that join a thing to what it is of, for or to ("the menu choices for guests", "the keys to the van"), which the subject may reach past once. */
const OF_FOR = new Set(['of', 'for', 'to']);
/** Words that end what a passive's subject can reach back to. */
const NOT_SUBJECT = new Set(['so', 'and', 'then', 'but', 'because', 'that', 'which', 'is', 'are', 'was', 'on', 'at', 'in', 'by', 'to', 'of', 'for', 'with', 'if', 'when', 'once', 'now', 'also', 'i', 'we', 'you']);

/** "so everything needs to be merged by …" → "everything merged": the thing (up to three words back from the modal) and what is done to it. */
function passiveTopic(rest: string): string | undefined {
  const found = TO_BE_DONE.exec(rest);
  if (!found) return undefined;
  const before = rest.slice(0, found.index).trim().split(/\s+/);
  const subject: string[] = [];
  let joined = false;
  const reaches = (word: string) => !NOT_SUBJECT.has(word) || (OF_FOR.has(word) && !joined && subject.length > 0 && (joined = true));
  while (subject.length < 5 && before.length > 0 && reaches(before.at(-1)!.toLowerCase())) subject.unshift(before.pop()!);
  if (OF_FOR.has(subject[0]?.toLowerCase() ?? '')) subject.shift();
  // "Copy will be filed by …": a capital that only starts the sentence, on a word English knows.
  if (before.length === 0 && subject[0] && inLexicon(subject[0])) subject[0] = subject[0].toLowerCase();
  const topic = subject.length > 0 ? tidy(`${subject.join(' ')} ${found[1] ?? ''}`, true) : undefined;
  // "it should be done by two": a pronoun names nothing of its own.
  return topic && /^(?:it|they|this|that|these|those)(?:\s+\S+)?$/i.test(topic) ? '' : topic;
}

/** "… the first cut is due": the noun phrase just before "is due" (its "due" gone with the date it led), a determiner and up to three words. */
const DUE_THING = /\b((?:the|our|a|an|this|my|your|their)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\s+(?:is|are)(?:\s+due\b|\s*$)/iu;
/** "… for review they promised feedback": the last clause a subject opens, when no pattern names the thing. */
const LAST_CLAUSE = /\b((?:i|we|you|they|he|she)\s+(?!(?:i|we|you|they|he|she)\b)[\p{L}'-]+(?:\s+[\p{L}'-]+)*)$/iu;

/** "the next one is due on …": "one" names nothing of its own. */
const ONE = /^(?:(?:the|this|that)\s+)?(?:(?:next|last|first|second|other|same|new)\s+)?one$/i;

function deadlineTopic(said: string): string {
  const rest = said.replace(CONSEQUENCE, '').replace(CONDITION_FIRST, '');
  const due = DUE_THING.exec(rest);
  const named = /\bdeadline\s+(?:for|of|on|to)\s+(.+?)(?:\s+(?:is|was|will be|falls|lands)\b|$)/i.exec(rest) ?? (due && !/\bdeadline$/i.test(due[1]!) ? due : null) ?? /^(.+?)\s+(?:is|are)?\s*due\b/i.exec(rest);
  const thingDue = named ? tidy(named[1]!, true) : undefined;
  if (thingDue !== undefined) return ONE.test(thingDue) ? '' : thingDue;
  const passive = passiveTopic(rest);
  if (passive !== undefined) return passive;
  const thing = THING_MUST.exec(rest);
  if (thing) return tidy(`${thing[1]} to ${thing[2]}`);
  // "the offer for the data analyst needs sign off from finance by …": the thing and what it needs.
  const needs = THING_NEEDS.exec(rest);
  if (needs) return tidy(`${needs[1]} needs ${needs[2]}`);
  const task = /\baction items? (?:for|to) [\p{L}'-]+[,:]?\s+(.+)$/iu.exec(rest) ?? REQUEST.exec(rest) ?? MODAL.exec(rest) ?? LETS.exec(rest) ?? INTENT.exec(rest) ?? NEEDED.exec(rest) ?? WANTED.exec(rest) ?? LAST_CLAUSE.exec(rest);
  // "i'll need a final headcount by …": the thing needed ("final headcount").
  const topic = tidy((task ? task[1]! : rest).replace(/\bdeadline\b/i, '').replace(/^(?:need|want|require)\s+(?:a|an|the|some|your)\s+(?=\S)/i, ''), true);
  // "our deadline is friday", "the deadline has been extended to …": nothing but the determiner, or a verb, is left;
  // "done by end of day", "sure, by monday": a reply taking something on, which says not what.
  return ONE.test(topic) || /^(?:the|our|a|an|this|my|your|their)$|^(?:has|have|had|is|are|was|were|been|will|would)\b|^(?:(?:done|sure|yes|yeah|okay|ok|fine|will do|can do|no problem|then|now|please|thanks)\b[\s,]*)+$/i.test(topic) ? '' : topic;
}

/** "your self assessment, the deadline is …": the thing named just before the clause that says the deadline. */
const THING_AHEAD = /\b(?:the|our|your|my|their)\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)\s*[,;:]\s*(?:(?:and|so)\s+)?(?:the\s+)?deadline(?:'s|\s+is|\s+will\s+be)\s+(?:(?:on|by)\s+)?(?:the\s+)?$/iu;

/** A deadline said in a clause of its own after the thing named before it (`ahead`: the sentence up to the day) is that thing's. */
export function deadlineOfThingAhead(found: { kind: EventKind; title: string } | undefined, ahead: string): { kind: EventKind; title: string } | undefined {
  const thing = found?.kind === 'deadline' ? THING_AHEAD.exec(ahead)?.[1] : undefined;
  return thing ? { kind: 'deadline', title: `Deadline: ${keptCapitals(thing)}` } : found;
}

/**
 * The appointment as the sentence names it: up to three words between a determiner and the cue
 * noun ("the budget review meeting" → "Budget review meeting"), none of them a verb-like or
 * time word that would make it something else ("the next meeting" stays "Meeting").
 */
function namedAppointment(rest: string): string | undefined {
  const named = NAMED.exec(rest) ?? NAMED_FIRST.exec(rest.replace(FILLER, '').replace(SEQUENCE, ''));
  // "the next committee meeting" is the committee meeting: which one says when, not what.
  const words = named?.[1]!.replace(WHICH_ONE, '');
  if (!named || !words || NOT_A_NAME.test(words)) return undefined;
  const phrase = `${words}${named[2]!}`.toLowerCase();
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** A clock time said in words or digits. */
const CLOCK_WORD = /^(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\b/i;

/** The appointment's title from the sentence's cue (its pattern and kind, as titleOf found it). */
function appointmentTitle([cue, kind]: readonly [RegExp, string], said: string): string {
  // "let's meet after lunch on …": a meal said as the time of day is no part of the title.
  const rest = said.replace(MEAL_AS_WHEN, ' ').replace(/\s{2,}/g, ' ').trim();
  const label = namedAppointment(rest) ?? kind;
  // Up to another clause: "…, and then we go to the pub" says nothing of the demo.
  // "the workshop for the nurses is the following [monday]", "the interview with the volunteers got pushed to …": what is
  // said of it after "is" or "got" is no part of it, unless what it is about.
  const fromCue = cue ? rest.slice(rest.search(cue)).replace(/[,;]\s*(?:and|but|or|so|then)\b.*$/i, '').replace(/\s+(?:is|are|was|were|will\s+be|got|gets|has\s+been|have\s+been)\s+(?!(?:to|about|regarding|for|with)\b).*$/i, '') : '';
  // What it is for follows the appointment: in "late for that, i have a dentist appointment", "for" is not its purpose.
  const purpose = /\b(to|about|regarding|re|for)\s+((?:\S+\s+)*\S+)$/i.exec(cue ? fromCue : rest);
  // "… for murray will send it": a clause of its own, not what the appointment is for.
  // "to review the release" → "Meeting: review the release"; "for the client" → "Demo for the client".
  // "moved my appointment to three on monday": a time it moves to, no purpose.
  // "a planning call for it .": words, not what was left where a date was ("for it" is no purpose).
  // "call the roofer and ask about the gutters": what another deed after "and" is about is not the call's.
  if (purpose && !/\s(?:and|then)\s/i.test((cue ? fromCue : rest).slice(0, purpose.index)) && purpose[2]!.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= 2 && !MODAL.test(purpose[2]!) && !CLOCK_WORD.test(purpose[2]!)) {
    const prep = purpose[1]!.toLowerCase();
    return prep === 'to' ? `${label}: ${tidy(purpose[2]!)}` : `${label} ${prep} ${tidy(purpose[2]!)}`;
  }
  if (label !== kind) return label;
  const after = cue ? tidy(tidy(fromCue.replace(cue, '')).replace(ADVERBS, '')) : '';
  // "… at the hyatt", "… outside the building": where, not what; "… to three": a time; ", and the retro right after": another clause.
  if (MODAL.test(after) || /^(?:at|in|outside|inside|by|near|behind|opposite|in front of|round|around|upstairs|downstairs)\s|^[,;:]|^(?:and|but|or|so)\s/i.test(after) || (/^to\s/i.test(after) && CLOCK_WORD.test(after.slice(3)))) return kind;
  // "let's meet at four for that": "that" names nothing of its own.
  if (/^(?:with|of|for|about)\s+(?!(?:that|it|this|them)$)\S/i.test(after)) return `${kind} ${after}`;
  if (/^(?:for|about)\s+(?:that|it|this|them)$/i.test(after)) return kind;
  // "can you call the piano guy tomorrow and get a quote": the one called, up to what else is done.
  const called = kind === 'Call' && /^(?:(?:the|my|our|your|his|her|their)\s+|\p{Lu})/u.test(after) ? after.replace(/\s+(?:and|then|but|so)\s.*$/i, '') : undefined;
  if (called) return `Call ${called}`;
  // "i'll call her tomorrow and ask": a verb alone says what is done on the call, not what it is about.
  return after && !(/^\S+$/.test(after) && taggedWords(after)[0]?.pos === 'VERB') ? `${kind}: ${after}` : kind;
}

export type EventKind = 'appointment' | 'deadline';


/**
 * The bare name a clause opens with, when the tagger reads each of its words as a known noun or
 * adjective ending in a noun, and none is someone's name: "parents evening", "fire drill",
 * though not "tom smith" when Tom is at the meeting, nor "maria" (a word English does not know).
 */
function bareName(before: string, rest: string, names: readonly string[]): string | undefined {
  const lead = before.replace(FILLER, '').replace(SEQUENCE, '').replace(FILLER, '');
  // "handover has been moved to …": "handover has" is no name of two words, "handover" is one of one.
  // "concrete pour for level two is …": a word before "is" names a thing, though it may read as a verb ("pour").
  const found = [UNMARKED.exec(lead), UNMARKED_ONE.exec(lead)].find((m) => m && namesAThing(lead, m[1]!, names, SUBJECT_OF_BE.test(lead.slice(m[1]!.length + m[2]!.length))));
  if (found) return `${found[1]}${found[2]}`;
  if (UNMARKED.exec(lead) ?? UNMARKED_ONE.exec(lead)) return undefined;
  // Without a verb, only when the clause says nothing more than the name (and when and where).
  const named = VERBLESS.exec(lead);
  return named && tidy(rest, true).toLowerCase() === named[1]!.toLowerCase() && namesAThing(lead, named[1]!, names) ? named[1] : undefined;
}

/** A thing named, then a clause in -ing of it, just before another phrase: "the customer webinar announcing [the features]". */
const TOLD_OF = new RegExp(String.raw`\b${DET}\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+[\p{L}]+ing\s+$`, 'iu');


/**
 * "Sofia's leaving party is …": the thing someone owns, with its owner when that is a person (one
 * of the people there, or a name in capitals: not a word that starts the sentence and could be any).
 */
function ownedThing(plain: string, names: readonly string[]): { owner?: string; thing: string } | undefined {
  const owned = OWNED.exec(plain);
  if (!owned) return undefined;
  const [, title, owner] = owned as unknown as [string, string | undefined, string];
  const first = plain.slice(0, owned.index).trim() === '';
  const someone = title !== undefined || names.some((n) => n.toLowerCase() === owner.toLowerCase()) || (/^\p{Lu}/u.test(owner) && (!first || !inLexicon(owner)));
  const said = `${title ?? ''}${owner}`.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);
  return { ...(someone ? { owner: said } : {}), thing: `${owned[3]!.replace(WHICH_ONE, '')}${owned[4]}` };
}

function scheduled(before: string, rest: string, names: readonly string[], after = ''): { kind: EventKind; title: string } | undefined {
  // "the next clinic" is the clinic: which one says when, not what ("the next one" names nothing).
  const plain = before.replace(RESUMED, '$1 is');
  const owned = ownedThing(plain, names);
  const found = owned ? undefined : (SCHEDULED.exec(plain) ?? RESTATED.exec(plain));
  // "training on our hands is on …": a noun phrase after a preposition is part of a longer name.
  // "the customer webinar announcing the features is on …": the thing a clause in -ing tells of, not its object.
  const told = found ? TOLD_OF.exec(plain.slice(0, found.index))?.[1] : undefined;
  const named = told ?? (found && !/\b(?:on|of|for|about|with|in|at|from|to)\s+$/i.test(plain.slice(0, found.index)) ? `${found[1]!.replace(WHICH_ONE, '')}${found[2]}` : undefined);
  const set = SET_DATE.exec(plain);
  // "let's do a dry run the day before": a thing offered the day is what is named, though a word of it may read as a verb ("run").
  const own = offeredFor(before, after, names) ?? owned?.thing ?? named ?? set?.[1] ?? set?.[2] ?? remindedOf(before, names) ?? fronted(before, after, names);
  const phrase = withoutItself(keptCapitals(own ?? bareName(before, rest, names) ?? thereIs(before, names) ?? inFor(before, names)));
  if (!phrase || NOT_SCHEDULED.test(phrase)) return undefined;
  // "Dr Patel's workshop": the owner as said, in capitals.
  const owner = owned?.owner !== undefined && own === owned.thing ? `${owned.owner}'s ` : '';
  return { kind: 'appointment', title: owner ? `${owner}${phrase}` : phrase.charAt(0).toUpperCase() + phrase.slice(1) };
}

function activity(before: string): { kind: EventKind; title: string } | undefined {
  const title = activityTitle(before);
  return title ? { kind: 'appointment', title } : undefined;
}

/** A clause of its own run on after "and", "but", "so", "then": a subject and its verb ("… and i'll confirm with ahmed", "… so the programs can go to print"). */
const ANOTHER_CLAUSE = /\s+(?:and|but|so|then)\s+(?:(?:i|we|you|he|she|they|it|this|that|there)(?:'ll|'d|'m|'re|'s|\s+(?:will|would|can|could|should|must|might|may|need|have|has|am|is|are|was|were|shall))|(?:the|our|their|your|my)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:will|would|can|could|should|must|might|may|need|have|has|is|are|was|were|shall))\b.*$/iu;

function proposal(rest: string): { kind: EventKind; title: string } | undefined {
  const lets = LETS.exec(rest);
  if (!lets) return undefined;
  // "let's pencil in the fourteenth at eleven and i'll confirm with ahmed": another clause is no part of it.
  const what = tidy(tidy(lets[1]!.replace(ANOTHER_CLAUSE, '')).replace(ADVERBS, ''));
  return { kind: 'appointment', title: what.split(' ').length >= 2 ? `Meeting: ${what}` : 'Meeting' };
}

/**
 * Whether the words before a date make it a deadline: "by", "before", "no later than"; "until"
 * only for a task ("we can take entries until the tenth") or time given ("you have until
 * friday"), since it more often ends a state ("the shed stays locked until the twelfth").
 */
function dueThen(before: string): boolean {
  if (!DEADLINE_LEAD.test(before) || ABSENT_UNTIL.test(before)) return false;
  return !UNTIL_LEAD.test(before) || TIME_GIVEN.test(before) || MODAL.test(before) || REQUEST.test(before);
}

/**
 * The kind and title of what a sentence says about a date, or undefined when it names no
 * appointment and no deadline. `rest` is the sentence without its dates and place; `before`
 * is what precedes the date ("… by " makes a task due then); `names` are the people at the meeting.
 */
export function titleOf(normalised: string, rest: string, before: string, names: readonly string[] = [], after = ''): { kind: EventKind; title: string } | undefined {
  // "i'll send it after lunch on friday": a meal said as the time of day names no meal to have.
  // "the meet-and-greet": a word joined to others by hyphens is theirs, no cue of its own.
  const cued = cueIn(rest.replace(MEAL_AS_WHEN, ' ').replace(/-[\p{L}-]+|[\p{L}]+-/gu, ' '));
  const cue = cued?.[1];
  let found: { kind: EventKind; title: string } | undefined;
  const lead = before.replace(FILLER, '');
  const bare = CLOSES_BARE.exec(lead);
  const closes = CLOSES.exec(before) ?? (bare && namesAThing(lead, bare[1]!, names) ? bare : null);
  const owned = DAYS_OWN.exec(after) ?? DAY_IS.exec(after);
  if (owned && namesAThing(after, owned[1]!, names)) found = { kind: 'appointment', title: `${owned[1]!.charAt(0).toUpperCase()}${owned[1]!.slice(1).toLowerCase()}` };
  else if (closes) found = { kind: 'deadline', title: `Deadline: ${keptCapitals(tidy(closes[1]!.replace(WHICH_ONE, '')))} ${closes[2]!.toLowerCase()}` };
  else if (DEADLINE.test(normalised) || (dueThen(before) && cue !== 'Meeting')) {
    const topic = deadlineTopic(withoutClauseAfter(rest, after));
    // "Let me know by Friday": a capital that only opens the sentence is no name's.
    const first = /^\p{Lu}\p{Ll}*/u.exec(topic)?.[0];
    found = { kind: 'deadline', title: topic ? `Deadline: ${first && before.trimStart().startsWith(first) && inLexicon(first) ? first.toLowerCase() + topic.slice(first.length) : topic}` : 'Deadline' };
  } else if (cued && cue) {
    // "safety walk with the client is on the twelfth at two, meet at the site office": the thing named, not "Meeting".
    // "lucia's farewell dinner is on …", "dr patel's workshop for the nurses is …": the thing someone owns, by its whole name.
    const title = appointmentTitle(cued, rest);
    const owned = (ownedThing(before, names)?.thing ?? remindedOf(before, names))?.toLowerCase().split(/\s+/).includes(cue.toLowerCase());
    // "quick staff meeting before service first thing the health inspection is next wednesday": the thing said to be then, after the cue.
    const cueAt = before.search(cued[0]);
    const thingAfterCue = cueAt >= 0 && (SCHEDULED.exec(before)?.index ?? -1) > cueAt;
    found = (title === 'Meeting' || owned || thingAfterCue ? scheduled(before, rest, names, after) : undefined) ?? { kind: 'appointment', title };
  }
  else {
    const visit = visitTitle(before, after, names) ?? sentTitle(before, after, names) ?? seenTitle(before, names) ?? journeyTitle(before, normalised);
    found = visit ? { kind: 'appointment', title: visit } : (scheduled(before, rest, names, after) ?? proposal(rest) ?? activity(before));
  }
  if (found) found = { ...found, title: cappedTitle(withoutOwner(found.title)) };
  // A title made of what was left between a day's parts (", ."), no word of it: no title.
  return found && /\p{L}/u.test(found.title) ? found : undefined;
}

/** The words without a clause of their own said after the date ("… and it should be ready around four"), which says something else. */
function withoutClauseAfter(rest: string, after: string): string {
  // Its opening words: the rest is without the days said in it ("… so the programs can go to print [on march fifteenth]").
  const clause = ANOTHER_CLAUSE.exec(after)?.[0].trim().split(/\s+/).slice(0, 4).join(' ');
  const at = clause ? rest.lastIndexOf(clause) : -1;
  return at > 0 ? rest.slice(0, at).trim() : rest;
}

/** "its inspection", "your interview": whose it is opens no name ("Inspection"). */
function withoutOwner(title: string): string {
  const owner = /^(?:its|his|her|their|your|my|our)\s+(?=\p{L})/iu.exec(title)?.[0];
  return owner ? `${title.charAt(owner.length).toUpperCase()}${title.slice(owner.length + 1)}` : title;
}

/** "the move itself": the move. */
export const withoutItself = <T extends string | undefined>(phrase: T): T => phrase?.replace(/\s+(?:itself|themselves)$/i, '') as T;

/** A title that is only a kind ("Meeting", "Call", "Deadline"): it names no one thing of its own. */
export const onlyKind = (title: string): boolean => title === '' || title === 'Deadline' || CUES.some(([, label]) => label === title);

/** A title that says more than its kind ("Meeting: budget" rather than "Meeting"). */
export const saysMore = (title: string): boolean => /[:\s]/.test(title);
