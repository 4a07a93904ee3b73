// Someone coming at a time: "dave is booked for wednesday morning at eight to move the sink" →
// "Dave to move the sink"; "the electrician is coming on friday at nine" → "Electrician's visit".
// The one who comes is a person: a name (a word the English lexicon lacks, or one of the people
// at the meeting), someone named by their part (roles.ts) or by who they are to someone ("my
// mum"); "the delivery is coming" is no visit. And a thing to do named after a light verb, said
// just before when, offered or asked for: "can you do a viewing tomorrow at five" → "Viewing",
// "could you come in for a fitting on …" → "Fitting". And the speaker's party setting off: "we fly
// home on the fourth" → "Fly home", "the flights to Lisbon are booked, we leave on …" → "Leave for Lisbon".
import { inLexicon, taggedWords } from '../../../text/pos.ts';
import { HONORIFIC } from './event-phrases.ts';
import { isKin, roleOwner } from '../../../text/roles.ts';

const WHO = String.raw`((?:the|our|your|their|my|his|her)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+|[\p{L}-]+)`;
const AROUND = String.raw`(?:\s+(?:in|over|round|by|back|out))?`;
/** "is booked", "is coming (over)", "will be here", "comes", "will pop round", "can come": someone to be with. */
const COMES = String.raw`(?:is|'s|are|will\s+be)\s+(?:booked(?:\s+in)?|coming${AROUND}|visiting|popping${AROUND}|here|over|round)|comes${AROUND}|visits|(?:will|can|could)\s+(?:come|visit|pop)${AROUND}`;
/** "arrives", "is flying in", "lands": someone getting here. */
const ARRIVES = String.raw`(?:is|'s|are|will\s+be)\s+(?:arriving|flying\s+in|landing|getting\s+in)|arrives|lands|will\s+(?:arrive|land|fly\s+in|get\s+in)`;
/** Who, how they come, what for ("for the tasting"), said just before when. */
const COMING = new RegExp(
  String.raw`(?:^|[,;.]\s*|\b(?:and|so|but|then|ok|okay|right)\s+)${WHO}\s+(?:(${COMES})|${ARRIVES})(?:\s+for\s+(?:(?:the|a|an|our|some)\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+))?\s+(?:(?:for|on|in|at|first\s+thing)\s+)?(?:the\s+)?$`,
  'iu',
);
/** What they come to do, said after when: "… to move the sink", "… to fit the cabinets". */
const PURPOSE = /^\s*(?:[\p{L}'-]+\s+){0,3}?to\s+(?!be\b|the\b)([\p{L}'-]+(?:\s+[\p{L}'-]+){0,5}?)\s*(?:[,.;!?]|\s+(?:and|but|so|then|because|if|when)\b|$)/iu;
const NOT_SOMEONE = new Set(['it', 'this', 'that', 'there', 'everything', 'everyone', 'everybody', 'what', 'which', 'who', 'he', 'she', 'they', 'we', 'i', 'you', 'one', 'nobody', 'something', 'anything', 'nothing']);

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
/** Who as said after "with": "the caterer" in lower case, a name as it is ("Dave"). */
const withThe = (said: string): string => (said.includes(' ') ? said.toLowerCase() : capitalise(said));

/** The one who comes, as a title names them: "Dave", "Plumber", "New electrician"; undefined when no person is said. */
function visitor(said: string, before: string, names: readonly string[]): string | undefined {
  const words = said.split(/\s+/);
  const last = words.at(-1)!;
  if (words.length === 1) return oneWord(last, names);
  const role = roleOwner(last, `${before} ${words.slice(0, -1).join(' ')} `);
  return role ?? (isKin(last) ? capitalise(words.slice(1).join(' ').toLowerCase()) : undefined);
}

function oneWord(last: string, names: readonly string[]): string | undefined {
  if (NOT_SOMEONE.has(last.toLowerCase())) return undefined;
  const known = names.some((n) => n.toLowerCase().split(/\s+/)[0] === last.toLowerCase());
  // "Grandma arrives on …", "Dad is coming over": kin said without "my" is said as a name.
  return known || !inLexicon(last) || isKin(last) ? capitalise(last) : undefined;
}

/** The visit `before` the date says, its purpose from `after`; undefined when no one is said to come. */
export function visitTitle(before: string, after: string, names: readonly string[]): string | undefined {
  const coming = COMING.exec(before);
  if (!coming) return undefined;
  const who = visitor(coming[1]!, before.slice(0, coming.index), names);
  // "okay indicator is coming for the tasting" (a recogniser's word for "the caterer"): the thing, whoever comes.
  if (!who) return coming[3] ? capitalise(coming[3].toLowerCase()) : undefined;
  // "the caterer is coming for the tasting on …": the thing, with them.
  if (coming[3]) return `${capitalise(coming[3].toLowerCase())} with ${who.includes(' ') || !isKin(who) ? withThe(coming[1]!) : who}`;
  if (!coming[2] && !PURPOSE.test(after)) return `${who} arrives`;
  return visitOf(who, coming[1]!, after);
}

/** A visit by `who` (as said: `said`): what they come to do when said after when ("Dave to move the sink"), else the one named by their part ("Surveyor"), or the visit of one named by name ("Dave's visit"). */
function visitOf(who: string, said: string, after: string): string {
  const purpose = PURPOSE.exec(after)?.[1];
  if (purpose) return `${who} to ${purpose.toLowerCase()}`;
  return said.includes(' ') && !isKin(who.split(' ').at(-1)!) ? who : `${who}'s visit`;
}

/** "i can get the heating engineer out", "i'll have an electrician there", "we'll send someone round": someone the speaker's side sends to the place, said just before when. */
const SENDS = new RegExp(
  String.raw`\b(?:i|we|they|he|she)(?:'ll|'d|\s+(?:can|could|will|would|shall|should|might|may))?(?:\s+(?:try\s+(?:to|and)|just|then|probably|also))?\s+(?:get|have|send|bring)\s+((?:the|our|their|my|a|an)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+|someone|somebody|[\p{L}-]+)\s+(?:out|round|around|over|in|there|here|along|up)(?:\s+to\s+(?:you|yours|(?:the|your)\s+[\p{L}-]+))?\s+(?:(?:for|on|in|at|first\s+thing)\s+)?(?:the\s+)?$`,
  'iu',
);

/** The visit of someone the speaker's side sends `before` the date ("Heating engineer", "Dave's visit"; "Visit" for "someone"); undefined when no one is sent. */
export function sentTitle(before: string, after: string, names: readonly string[]): string | undefined {
  const sent = SENDS.exec(before);
  if (!sent) return undefined;
  const said = sent[1]!.replace(/^(?:a|an)\s/i, 'the ');
  if (/^some(?:one|body)$/i.test(said)) return 'Visit';
  const who = visitor(said, before.slice(0, sent.index), names);
  return who && visitOf(who, said, after);
}

/** A title said before a name: "Dr", "Mrs", and "Nurse" for one who sees someone. */
const TITLE = `(?:${HONORIFIC}|nurse)`;
/** "dr lewis could see you at …", "the nurse can see him on …", "Dana can fit you in at …": one who sees someone then, said just before when. */
const SEES = new RegExp(
  String.raw`(?:^|[,;.]\s*|\b(?:but|and|so|then)\s+)(${TITLE}\.?\s+[\p{L}-]+(?:\s+(?!(?:can|could|will|would|is)\b)[\p{L}-]+)?|(?:the|our)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+|\p{Lu}[\p{L}-]+)\s+(?:can|could|will|would|is\s+able\s+to)\s+(?:see|fit|squeeze)\s+(?:you|him|her|them|us)(?:\s+in)?\s+(?:(?:on|at|in|for|first\s+thing)\s+)?(?:the\s+)?$`,
  'iu',
);

/** The appointment with the one who sees someone, said `before` the date ("Appointment with Dr Lewis"); undefined when none. */
export function seenTitle(before: string, names: readonly string[]): string | undefined {
  const sees = SEES.exec(before)?.[1];
  const who = sees && seer(sees, before, names);
  return who ? `Appointment with ${who}` : undefined;
}

/** The one who sees, as a title names them: "Dr Lewis", "the nurse", "Dana"; undefined when no person is said. */
function seer(sees: string, before: string, names: readonly string[]): string | undefined {
  if (new RegExp(`^${TITLE}\\b`, 'i').test(sees)) return sees.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, c: string) => `${space}${c.toUpperCase()}`);
  if (sees.includes(' ')) return visitor(sees, '', names) && sees.toLowerCase();
  // "Dana can fit you in": a name the tagger reads as one, though the lexicon has the word.
  return taggedWords(before).some((w) => w.text === sees && w.pos === 'PROPN') ? sees : oneWord(sees, names);
}

/** "can you do a viewing", "shall we have a quick chat", "we should do a mock inspection", "could you come in for a fitting": a thing to do offered or asked for, said just before when. */
const LIGHT_VERB =
  /\b(?:(?:can|could|would|will)\s+(?:you|we)|shall\s+we|we\s+(?:should|might|must)|do\s+you\s+want\s+to|fancy|why\s+don't\s+(?:we|you))\s+(?:(?:just|quickly|maybe)\s+)?(?:do|have|hold|book|arrange|schedule|organi[sz]e|set up|grab|come(?:\s+(?:in|over|round|by))?\s+for|pop(?:\s+(?:in|over|round|by))?\s+for)\s+(?:a|an|the|our|your|another)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:(?:on|at|for|this|next)\s+)?(?:the\s+)?$/iu;
/** "we could do the packing", "i'll do the cleaning", "we could start fitting": a thing being done (a word in -ing) the speaker's side says they will do, said just before when. */
const DOING = /\b(?:we|i|they)(?:'ll|'d|\s+(?:can|could|will|would|shall|should|might))\s+(?:(?:just|maybe|then)\s+)?(?:(?:do|start|finish|have)\s+(?:the|a|an|our|their)|start|begin)\s+((?:[\p{L}-]+\s+)?[\p{L}-]+ing)\s+(?:(?:on|at|for|this|next)\s+)?(?:the\s+)?$/iu;
/** What follows a light verb but names nothing to meet for: "have a think", "do a bit", "have a look", "do the following" (saturday). */
const NO_ACTIVITY = /^(?:nothing|something|anything|everything|following|previous|same|other|next|last|think|look|go|try|word|chance|feeling|problem|question|break|rest|minute|second|moment|lot|bit|few|couple|copy|way|point|reason|need|plan|idea|job|thing)$/i;

/** The thing to do a light verb names just before when ("can you do a viewing tomorrow" → "Viewing", "we'll do the packing on monday" → "Packing"); undefined when none. */
export function activityTitle(before: string): string | undefined {
  const phrase = (LIGHT_VERB.exec(before) ?? DOING.exec(before))?.[1]?.toLowerCase();
  if (!phrase || NO_ACTIVITY.test(phrase.split(' ').at(-1)!)) return undefined;
  return capitalise(phrase.replace(/^(?:quick|short|brief|little)\s+/, ''));
}

/** "we leave on …", "we fly home on …", "i'm driving down to Leeds on …": the speaker's party setting off, said just before when. */
const SETTING_OFF =
  /\b(?:we|i|they|you)(?:'re|\s+are|'m|\s+am|'ll|\s+will|\s+shall)?\s+(?:be\s+)?(leav(?:e|ing)|fl(?:y|ying)|depart(?:ing)?|set(?:ting)?\s+off|head(?:ing)?\s+off|travel(?:l?ing)?|driv(?:e|ing))(?:\s+(home|back|out|down|up|over))?(?:\s+(?:to|for)\s+((?:[\p{L}-]+\s+){0,1}[\p{L}-]+)|\s+(?!(?:on|at|in|first|the)\b)([\p{L}-]+(?:\s+(?!(?:on|at|in|first|the)\b)[\p{L}-]+)?))?\s+(?:(?:on|at|in|first\s+thing)\s+)?(?:the\s+)?$/iu;
/** Each way of setting off: its plain form, the word before a destination, and its title with none. */
const WAYS: Readonly<Record<string, readonly [string, string, string]>> = {
  leav: ['Leave', 'for', 'Departure'],
  fl: ['Fly', 'to', 'Flight'],
  depart: ['Depart', 'for', 'Departure'],
  set: ['Set off', 'for', 'Departure'],
  head: ['Head off', 'to', 'Departure'],
  travel: ['Travel', 'to', 'Travel'],
  driv: ['Drive', 'to', 'Drive'],
};
/** Where to, said anywhere in the sentence with a capital ("the flights to Lisbon"). */
const DESTINATION = /\b(?:to|for)\s+([A-Z][\p{L}-]+(?:\s+[A-Z][\p{L}-]+)?)/u;

/** The journey `before` the date says the speaker's party sets off on ("Fly home", "Leave for Lisbon", "Departure"); undefined when none. */
export function journeyTitle(before: string, sentence: string): string | undefined {
  const set = SETTING_OFF.exec(before);
  if (!set) return undefined;
  const [plain, to, alone] = WAYS[Object.keys(WAYS).find((stem) => set[1]!.toLowerCase().startsWith(stem))!]!;
  // "we fly home": where to is said; "we're driving down to Leeds": and where.
  const where = set[3] ?? (set[2] ? undefined : DESTINATION.exec(sentence)?.[1]);
  // "you leave Heathrow on …": where from, said with a capital.
  if (!set[2] && !where) return set[4] && /^\p{Lu}/u.test(set[4]) ? `${plain} ${set[4]}` : alone;
  return `${plain}${set[2] ? ` ${set[2].toLowerCase()}` : ''}${where ? ` ${to} ${capitalise(where)}` : ''}`;
}
