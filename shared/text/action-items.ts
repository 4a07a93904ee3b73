// Rule-based action items from spoken text: commitments ("i will", "we'll", "need to", "must",
// "should", "i can …"), requests ("please", "can you") and "action item for <name>". The owner
// is a named person when one is given, else the speaker; a request's owner is the person
// addressed by name, else the next other speaker (who presumably answered), else the one just
// before, else the speaker.
// A clause ends at punctuation or, in an unpunctuated machine transcript, where the speaker
// paused before a new commitment (pauses.ts). The due date comes from the same clause (task-due.ts).
import type { Segment } from '../providers/types.ts';
import { inLexicon, NAMING, taggedWords, type TaggedWord } from './pos.ts';
import { withPauseBreaks } from './pauses.ts';
import { WEEKDAY } from './calendar.ts';
import { escapeRegExp } from './escape.ts';
import { ORDINAL_WORD } from './ordinal-day.ts';
import { linesBefore, withReferent, withThingNeeded } from './referents.ts';
import { relativeTask } from './relative-task.ts';
import { deedsApart } from './deeds-apart.ts';
import { agreedReply } from './agreed-reply.ts';
import { saysEnough } from './task-enough.ts';
import { AGREES, inTheirWords, orderAsked, pairOf, putToTheSpeaker, speakerBefore, toTheOther, UNNAMED } from './requests.ts';
import { roleOwner } from './roles.ts';
import { saysTimeAt, withoutDate, type DateReference, type SpokenDate } from './spoken-dates.ts';
import { daysSaidBefore, dueDate } from './task-due.ts';
import { normaliseSpokenTimes } from './spoken-times.ts';

export interface ActionItem {
  readonly owner: string;
  readonly task: string;
  readonly due?: SpokenDate;
  /** Index of the segment the item was said in. */
  readonly segment: number;
  /** Indices of the replies that took it on ("sure i can do that"). */
  readonly replies?: readonly number[];
}

const MODALS = "will|shall|need to|needs to|must|should|have to|has to|got to|am going to|'m going to|are going to|'re going to|is going to";
const ACTION_FOR = /\baction items? (?:for|to) ([\p{L}][\p{L}'-]*)[,:]?\s+(?:is\s+(?:to\s+)?|to\s+)?(.+)/iu;
/** The whole group, said to: "everyone", "you all" … */
const GROUP = "everyone|everybody|you all|all of you|each of you|you guys|you folks";
/** "please …", "could you please …", "please can you …", "can everyone …", "can someone …", "i'd like you to …": a request, whose task is what follows the asking. */
export const REQUEST = new RegExp(
  `\\b(?:(?:please,? )?(?:can|could|would|will) (?:${GROUP}|you|someone|somebody|anyone|anybody|one of you)(?: please)?|please|(?:i'd|i would|we'd|we would) like (?:${GROUP}|you) to|(?:i|we) (?:want|need) (?:${GROUP}|you) to)\\b[,]?\\s+(.+)`,
  'iu',
);
/** The owner of a task asked of the whole group. */
export const EVERYONE = 'Everyone';
/** A request put to the whole group: "everyone please …", "please everybody …", "can you all …". */
const TO_GROUP = new RegExp(`\\b(?:${GROUP})\\s*,?\\s+please\\b|\\bplease\\s*,?\\s+(?:${GROUP})\\b|\\b(?:can|could|would|will|like|want|need)\\s+(?:${GROUP})\\b`, 'i');
/** "please everyone bring …": the group said to, before the task. */
const GROUP_LEAD = new RegExp(`^(?:${GROUP})\\s*,?\\s+`, 'i');
/** An obligation put to the group ("you all need to …", "everyone should …"), whose task is what follows it. */
const GROUP_OBLIGATION = new RegExp(`\\b(?:${GROUP})\\s*,?\\s+(?:need to|needs to|must|should|have to|has to)\\s+(.+)`, 'iu');
/** "someone needs to renew it", "somebody has to call the landlord": a task no one has taken on yet, which a reply may ("i'll take that"). */
const SOMEONE_OBLIGATION = /(?<!\b(?:if|when|whether|unless|until|in case)\s+)\b(?:someone|somebody|one of us)\s+(?:needs to|has to|must|should|will need to|'ll need to|ought to)\s+(.+)/i;
/** Who owns a task no one has taken on. */
const SOMEONE = 'Someone';
/** What follows "we'll" or "i will" when it only hedges, wishes or waits: "we'll see about the stand", "i will probably …", "we'll hear after that", "we'll know by friday"; "i'll see if …" is a task. */
const HEDGES = 'see(?!\\s+(?:if|whether|that|to)\\b)|hope|wish|guess|probably|maybe|perhaps|hear|know';
/** A subject after the modal asks a question ("great should we charge for entry", "will you …" is a request of its own). */
const ASKED_OF = 'we|you|i|they|he|she|it';
/** Words between a subject and its modal that leave the task as it is: "we also need to", "i still have to". */
const BETWEEN = '(?:\\s+(?:also|still|just|really|definitely|actually|all|both|then|first|now))?';
const COMMITMENT = new RegExp(`(?:^|[^\\p{L}'])([\\p{L}][\\p{L}-]*)(?:('ll)|${BETWEEN}(\\s+(?:${MODALS})|\\s+can(?=\\s)))\\s+(?!(?:not|be|have been|never|${HEDGES}|${ASKED_OF})\\b)(?=(.+))`, 'giu');
/** Words that lead into a task without being part of it: "you'll also need to transfer …" → "transfer …". */
const TASK_LEAD = /^(?:(?:also|still|just|then|really|definitely|first)\s+)*(?:(?:need|have|got)\s+to\s+)?/i;
/** Before a subject, a question: "do we need to …", "what would you need to …", "is there anything i should …". */
const DO_QUESTION = /(?:^|[,.;?!]\s*|\b(?:so|and|but|okay|ok|right)\s+)(?:do|does|did|don't|doesn't)\s+$|\b(?:what|how|when|where|why|which|who)\s+(?:would|will|do|does|did|could|can|should|shall|might)\s+$|\b(?:is|are)\s+there\s+(?:anything|something)(?:\s+else)?(?:\s+that)?\s+$/i;
/** When the group starts, stops or gathers, said with the time: "start at nine", "finish by noon", "meet outside at six". */
const ON_THE_CLOCK = /^(?:start|begin|finish|end|stop|kick off|wrap up|break|arrive|leave|set off|head off|meet|gather|open|close)\s+(?:(?:outside|there|here|up)\s+)?(?:at|around|about|by|from|until|till|on)\b/i;
/** "we should hold it on saturday", "we'll have the barbecue at six": the group putting on a thing at a time, an event (events.ts), no one's task. */
const HELD = /^(?:hold|host|have)\s+(?:it|the\s+(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)\s+(?:on|at|from|this|next)\b/iu;
/** What the group chooses: "go with the walk", "stick with the old supplier", "opt for the cheaper one". */
const CHOICE = /^(?:go with|stick with|opt for|settle on|go for|choose|pick)\b/i;
const STATES_A_NEED = /^(?:need|want|like|love|hate|prefer)s?\s+(?!to\b)/i;
/** "(you'll) have it", "get them", "get a reset email": a thing the one spoken to is given, which the speaker sends. */
const GIVEN = String.raw`(?:have|get|receive)\s+(it|them|that|this|these|those|(?:a|an|the|your)\s+(?:[a-z-]+\s+){0,2}?(?:email|link|invite|invitation|letter|copy|text|message|quote|invoice|reminder|confirmation|code|form|report|draft|contract|receipt|refund|voucher))\b`;
const DELIVERED = new RegExp(`^${GIVEN}`, 'i');
/** "you'll have it …" said as a reply: the speaker agrees to deliver what was asked. */
const DELIVERS = new RegExp(String.raw`\byou(?:'ll|\s+will)\s+${GIVEN}`, 'i');
const REQUEST_IGNORE = /^(?:hear|see|repeat|say that|speak up|believe|remember|recall|think|guess)\b/i;
const BARE_OBLIGATION = new RegExp(`^(?:(?:so|and|also|then|okay|ok|now|but)[, ]+)*(?:need to|must|have to|got to)\\s+(?!(?:${ASKED_OF})\\b)(.+)`, 'iu');
const NOT_PEOPLE = new Set(['it', 'this', 'that', 'there', 'which', 'what', 'who', 'these', 'those', 'he', 'she', 'they', 'one', 'nobody', 'everything', 'nothing', 'something', 'anything', 'things', 'thing', 'everyone', 'everybody', 'someone', 'somebody', 'anyone', 'anybody', 'here', 'how', 'when', 'where', 'why', 'if', 'so', 'and', 'or', 'but', 'then', 'also', 'just', 'really', 'probably', 'maybe', 'still', 'definitely', 'rather', 'next', 'meeting', 'time', 'i', 'we', 'you']);
const DETERMINERS = /\b(?:the|a|an|our|my|your|their|his|her|its|this|that|these|those|some|any|each|every|no)\s+$/i;
/** Filler after a task, and a closing or a word on how much it matters run into it without a pause ("i will tell the drivers that is everything from me", "… attend that's not optional"); "first thing" left of "first thing monday". */
const TRAILING_FILLER =
  /(?:[\s,]+(?:okay|ok|right|please|thanks|thank you|alright|(?:(?:by|before|until|till)\s+)?then|as well|too|yeah|yes|first thing|last thing|that(?:'s| is) (?:all|everything|it)(?: (?:from me|for (?:me|now|today)))?|(?:that|it|this)(?:'s| is) (?:not |really |very |so )?(?:optional|mandatory|compulsory|important|essential|required|urgent|vital|critical)))+\s*$/i;

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

function findName(text: string, names: readonly string[]): string | undefined {
  const lower = ` ${text.toLowerCase()} `;
  return names.find((name) => new RegExp(`[^\\p{L}]${escapeRegExp(name.toLowerCase())}[^\\p{L}]`, 'u').test(lower));
}

function knownName(word: string, names: readonly string[]): string | undefined {
  return names.find((n) => n.toLowerCase() === word.toLowerCase() || n.toLowerCase().split(/\s+/)[0] === word.toLowerCase());
}

/** "… and friday", "… or the ninth": another day after the due one, listed with it. */
const DAYS_LISTED = new RegExp(`^\\s+(?:and|or)\\s+(?:on\\s+)?(?:the\\s+)?(?:${WEEKDAY}|\\d{1,2}(?:st|nd|rd|th)|(?:twenty|thirty)?[ -]?${ORDINAL_WORD})\\b`, 'i');

/** "…, does that suit?", "…, is that ok?": a question the speaker tags on, asking the other to agree. */
const TAG_QUESTION = /,\s*(?:does|would|will|is|if)\s+(?:that|this|it)\s+(?:suit(?:\s+you)?|work(?:\s+for\s+you)?|sound\s+(?:ok|okay|good|alright|all right)|(?:ok|okay|alright|all right)(?:\s+with\s+you)?)\s*\??\s*$/i;

/** Removes the due-date mention (and its "by", "on" …) from a task, and filler at the end. */
function cleanTask(task: string, due: SpokenDate | undefined): string {
  let out = task;
  const at = due ? out.indexOf(due.text) : -1;
  // "cover thursday and friday": days listed are what the task is about, and stay in it.
  const listed = due && at >= 0 && DAYS_LISTED.test(out.slice(at + due.text.length));
  if (due && at >= 0 && !listed) out = withoutDate(out, at, due.text.length);
  const trim = (t: string): string => t.replace(/\s+/g, ' ').replace(/\s+(?=[,;:])/g, '').replace(TAG_QUESTION, '').replace(/[\s,;:.!?-]+$/, '');
  return withoutRunOn(trim(trim(out).replace(TRAILING_FILLER, '')).replace(TASK_LEAD, '').trim());
}

/** A subject and its verb that start another sentence run into the task: "chase the referees[ they need …]". */
const RUN_ON = /\s(?:(?:they|we|he|she|it|you)(?:'re|'ll|'ve|'d|\s+(?:need|needs|have|has|are|is|was|were|will|can|should|must|might|may|could|would|said|say|think|want))|i(?:'ll|'m|'d|'ve|\s+(?:think|reckon|guess|will|can|need|have|want|said|hope)))\b/i;
/** After a comma, someone else and what they will do: "host, and jordan from sales will join". */
const SOMEONE_ELSE = /(?<=,)\s*(?:and|but|so)?\s+(?=(?:[\p{L}'-]+\s+){1,4}?(?:will|'ll|can|should|must|needs? to|has to|is going to)\b)/iu;
/** After a comma, a thing and what it is or does ("post the frontend role, the job ad is still in draft"), what there is ("…, there's a permit zone outside"), what someone did ("…, they helped out before") or a question ("…, what about the route"). */
const THING_SAID = /(?<=,)\s*(?:(?:and|but|so)\s+)?(?=(?:the|our|this|that|a|an|my|your|their|his|her)\s+(?:[\p{L}-]+\s+){0,3}?(?:is|are|was|were|has|have|needs?|will|won't|can't|isn't|aren't|might|may|could|should|would|must|takes?|looks?|seems?)\b|there(?:'s|\s+(?:is|are|was|were|will\s+be))\b|(?:they|he|she|we)\s+[\p{L}]+ed\b|(?:what|how|where|who|why)\s+(?:about|is|are|do|does|did|should|shall)\b)/iu;
/** Words after which a subject is part of the task ("check if they need …", "so that we can …"; not ", and i think …", a new sentence). */
const JOINS_A_CLAUSE = /(?:\b(?:if|whether|that|so|because|when|what|how|who|until|unless|where|why|once|before|after|since|while|whatever|which)|(?<!,)\s(?:and|but|or))\s*$/i;
/** A task that tells or asks something, whose clause is what is told ("tell the team they need to hurry"). */
const SAYING = /^(?:tell|ask|remind|let|warn|explain|say|check|confirm|make sure|find out|see|show|email|text|write to|ring|call)\b/i;

/** The task without another sentence the recogniser ran into it. */
function withoutRunOn(task: string): string {
  const m = RUN_ON.exec(task) ?? SOMEONE_ELSE.exec(task) ?? THING_SAID.exec(task);
  // After a comma ("check the exits, and i think …") the subject starts a sentence whatever the task.
  const newSentence = m && /,\s*(?:(?:and|but|so)\s*)?$/i.test(task.slice(0, m.index));
  if (!m || (!newSentence && (SAYING.test(task) || JOINS_A_CLAUSE.test(task.slice(0, m.index)) || task.slice(0, m.index).split(/\s+/).length < 2))) return task;
  return task.slice(0, m.index).replace(/(?:[\s,;:]+(?:and|but|or|so|then)\b)*[\s,;:]*$/i, '');
}

/** A name said to open the line ("Right, Vikram, please …"), which says who is asked. */
const CALLED = /^(?:(?:right|ok|okay|so|and|well|now|great|thanks|yes|also)[,\s]+)*([\p{L}'-]+)\s*,/iu;

/**
 * Who a request or a "you" is said to: the one named to open the line, else the next other
 * speaker (who presumably answered), else the other speaker just before (the request closes the
 * conversation), else the speaker.
 */
/** "Omar, can you post it", "and Li, please …": a name that opens a request, which says who is asked, known or not. */
const CALLED_IN_CLAUSE = /^\s*(?:(?:and|so|but|right|ok|okay|now)[,\s]+)*(\p{Lu}[\p{L}'-]+)\s*,\s*(?=(?:(?:can|could|would|will)\s+you|please)\b)/u;

/**
 * Whom a request in `clause` is put to: the name that opens it, a known name it says, else the one
 * addressed (addressee). A name no one at the meeting has is someone else's, unless the speakers
 * are unnamed ("SPEAKER_01"): then the one addressed, who replies, is most likely that one.
 */
function askedOf(clause: string, segments: readonly Segment[], at: number, speaker: string, names: readonly string[]): string {
  const called = CALLED_IN_CLAUSE.exec(clause)?.[1];
  const known = called && knownName(called, names);
  if (known) return known;
  const other = addressee(segments, at, speaker, names);
  return (called && !inLexicon(called) && !UNNAMED.test(other) ? called : undefined) || findName(clause, names) || other;
}

function addressee(segments: readonly Segment[], at: number, speaker: string, names: readonly string[]): string {
  const called = knownName(CALLED.exec(String(segments[at]?.sentence ?? ''))?.[1] ?? '', names);
  if (called && called !== speaker) return called;
  for (const k of [at + 1, at + 2, at - 1, at - 2]) {
    const other = String(segments[k]?.speaker ?? '').trim();
    if (other && other !== speaker) return other;
  }
  return speaker;
}

/**
 * "the vendor contract needs to …", "the new intern will …": the word just before the subject
 * names something (wink-nlp's tagger) and is not a day or a time ("tomorrow john will …"), so
 * the subject ends a noun phrase, a thing or a role rather than someone's name; so does one
 * after a determiner and a verb's -ing form ("the hiring manager will …"). A subject the
 * tagger's English lexicon does not know is a name even there: an unpunctuated transcript runs
 * sentences together ("… approved the hiring plan maria will draft …").
 */
function inNounPhrase(clause: string, subjectStart: number): boolean {
  const words = taggedWords(clause);
  const at = words.findIndex((w) => w.start >= subjectStart);
  const previous = at > 0 ? words[at - 1] : undefined;
  if (!previous || !inLexicon(words[at]!.text)) return false;
  if (!NAMING.has(previous.pos)) return afterDeterminer(words, at);
  return /^\s+$/.test(clause.slice(previous.start + previous.text.length, subjectStart)) && !saysTimeAt(clause, previous.start);
}

/** Whether -ing forms (and words naming something) lead back from the subject to a determiner: "the hiring manager". */
function afterDeterminer(words: readonly TaggedWord[], at: number): boolean {
  let k = at - 1;
  while (k >= 0 && (NAMING.has(words[k]!.pos) || (words[k]!.pos === 'VERB' && /ing$/i.test(words[k]!.text)))) k -= 1;
  return k >= 0 && k < at - 1 && words[k]!.pos === 'DET';
}

/** "… the playground and does will have to wait": an auxiliary (a recogniser's stray "does", "was") before the modal is no one's name. */
function auxiliaryAt(clause: string, subjectStart: number): boolean {
  return taggedWords(clause).find((w) => w.start >= subjectStart)?.pos === 'AUX';
}

interface Match {
  readonly owner: string;
  readonly task: string;
  /** Asked of someone ("can you …", "please …"), not taken on. */
  readonly asked?: boolean;
}

function commitment(clause: string, segments: readonly Segment[], at: number, speaker: string, names: readonly string[]): Match | undefined {
  for (const m of clause.matchAll(COMMITMENT)) {
    const subject = m[1]!.toLowerCase();
    const task = m[4]!;
    if ((m[2] ?? m[3]!).trim().toLowerCase() === 'can' && subject !== 'i') continue;
    // "do we need to bring anything": a question, no task.
    if (DO_QUESTION.test(clause.slice(0, (m.index ?? 0) + m[0].indexOf(m[1]!)))) continue;
    // "the team will need more chairs", "we'll need volunteers": a need, no one's task.
    if (STATES_A_NEED.test(task)) continue;
    // "we'll start at nine and go until two": the group's timetable, no one's task.
    if (subject === 'we' && ON_THE_CLOCK.test(task)) continue;
    if (subject === 'we' && HELD.test(task)) continue;
    // "then we'll go with the walk": the group's choice, a decision (decisions.ts), no one's task.
    if (subject === 'we' && CHOICE.test(task)) continue;
    if (subject === 'i' || subject === 'we') return { owner: speaker, task };
    // "you'll have it by half three": the speaker sends it.
    if (subject === 'you' && DELIVERED.test(task)) return { owner: speaker, task: task.replace(DELIVERED, 'send $1') };
    if (subject === 'you') return { owner: askedOf(clause, segments, at, speaker, names), task };
    const known = knownName(subject, names);
    if (known) return { owner: known, task };
    const before = clause.slice(0, (m.index ?? 0) + m[0].indexOf(m[1]!));
    // "the treasurer will send …": someone named by their part owns the task.
    const role = roleOwner(m[1]!, before);
    if (role) return { owner: role, task };
    if (NOT_PEOPLE.has(subject) || DETERMINERS.test(before) || subject.length < 2 || inNounPhrase(clause, before.length) || auxiliaryAt(clause, before.length)) continue;
    return { owner: capitalise(subject), task };
  }
  return undefined;
}

function matchClause(clause: string, segments: readonly Segment[], at: number, speaker: string, names: readonly string[]): Match | undefined {
  const actionFor = ACTION_FOR.exec(clause);
  if (actionFor) {
    const name = actionFor[1]!;
    return { owner: knownName(name, names) ?? capitalise(name), task: actionFor[2]! };
  }
  const request = REQUEST.exec(clause);
  // "please the referee might …": a new clause after "please", no task asked.
  // "what would you need to move forward": a question about the request's words, none asked.
  const asksWhat = request && /\b(?:what|how|when|where|why|which|who)\s+$/i.test(clause.slice(0, request.index));
  if (request && !asksWhat && !REQUEST_IGNORE.test(request[1]!) && !/^(?:the|a|an|our|my|their|this|that)\s/i.test(request[1]!)) {
    if (TO_GROUP.test(clause)) return { owner: EVERYONE, task: request[1]!.replace(GROUP_LEAD, ''), asked: true };
    return { owner: askedOf(clause, segments, at, speaker, names), task: request[1]!, asked: true };
  }
  const groupTask = GROUP_OBLIGATION.exec(clause);
  if (groupTask) return { owner: EVERYONE, task: groupTask[1]! };
  const someone = SOMEONE_OBLIGATION.exec(clause.trim());
  if (someone) return { owner: SOMEONE, task: someone[1]!, asked: true };
  const committed = commitment(clause, segments, at, speaker, names);
  if (committed) return committed;
  // "send me the revised quote by thursday" → "will do"; "ok, order the worktops please".
  const order = orderAsked(clause, segments, at, speaker);
  if (order) return { owner: askedOf(clause, segments, at, speaker, names), task: order, asked: true };
  const bare = BARE_OBLIGATION.exec(clause.trim());
  return bare ? { owner: speaker, task: bare[1]! } : undefined;
}

/** A task that does something to what or who was just said: "order them", "ring them after lunch", "do that", "send one over", "meet him there". */
const ON_WHAT_WAS_SAID = /^[\p{L}-]+\s+(?:it|them|that|this|those|these|one|some|him|her)\b/iu;
/** A task that only stands for the one just said: "do that", "sort it out", "take that on", "take care of it", "take a look after lunch". */
const STANDS_FOR = String.raw`(?:(?:do|sort|handle|take care of|deal with|look after|see to|cover|take|own|pick up)\s+(?:it|that|this|them|those)(?:\s+(?:out|on|up))?|(?:take|have) a look(?:\s+at\s+(?:it|that|this|them))?)`;
const STANDS_FOR_IT = new RegExp(`^${STANDS_FOR}(?:\\s+(?:after|before)\\s+\\w+|\\s+later(?:\\s+on)?|\\s+first thing)?$`, 'i');
/** "i'll do that i'll message them all on sunday": a task that stands for the one asked, then how it will be done, run together without a stop. */
const THEN_HOW = new RegExp(`(\\b${STANDS_FOR})\\s+(?=(?:i|we)(?:'ll|\\s+will|\\s+can|\\s+(?:am|are)\\s+going\\s+to|'m\\s+going\\s+to|'re\\s+going\\s+to)\\s)`, 'gi');

/** "sure, i can go thursday after work": going, which stands for the errand asked ("could you pick up the boxes on thursday?"). */
const GOES = /^(?:go|head|pop|nip|swing|drive|run)(?:\s+(?:there|over|round|down|up|in|by|out|along))?(?:\s+(?:after work|after school|first thing|later|then))?$/i;

/** The thing a task ends on ("email the quote" → "quote"). */
const THING_DONE = /\b(?:the|a|an|that|this|your|my|our|their)\s+(?:[\p{L}-]+\s+)?([\p{L}-]{3,})$/iu;
/** Verbs that do one thing: "call me" is answered "we'll ring you". */
const ONE_DEED: readonly ReadonlySet<string>[] = [['call', 'ring', 'phone'], ['send', 'email', 'post', 'forward', 'mail'], ['book', 'reserve'], ['fix', 'repair', 'mend']].map((verbs) => new Set(verbs));

/** "can you send me a written quote" → "sure, i'll email the quote": the reply's task is done to the thing asked for, or is the deed asked for ("call me first" → "we'll ring you"). */
function sameThing(asked: string, reply: string): boolean {
  const thing = THING_DONE.exec(reply)?.[1];
  if (thing && new RegExp(`\\b${escapeRegExp(thing)}$`, 'i').test(asked)) return true;
  // The deed done to the one asked of ("ring Ana", "ring you"), not to another ("email the governors").
  const [a, r] = [asked, reply].map((task) => task.toLowerCase().split(/\s+/).filter((w, i) => i === 0 || !/^(?:the|a|an|our|my|your|their)$/.test(w)));
  const toTheSame = a![1] === r![1] || /^(?:you|me|him|her|them|us)$/.test(r![1] ?? '');
  return toTheSame && ONE_DEED.some((verbs) => verbs.has(a![0]!) && verbs.has(r![0]!));
}

/** A reply that opens by offering: "i can …", "i'll …", "i could …". */
const OFFERS = /^\s*i(?:'ll|\s+(?:can|will|could))\s/i;

/**
 * The item a reply takes on, said by someone else in the two segments before: one asked of the
 * one who answers, the reply agreeing and its task done to what was asked ("priya can you order
 * the menus by thursday" → "yes i'll order them tomorrow") or the start of it said again ("can
 * you ask jun to review it" → "sure, i'll ask jun today"), or any, when the reply's task only
 * stands for it ("we need to order the turkey" → "i'll do that this weekend"). The reply is that
 * item again, not another one: its owner is the one who took it on, a date it gives is when.
 */
function takenOn(items: readonly ActionItem[], segments: readonly Segment[], clause: string, reply: ActionItem): ActionItem | undefined {
  const asked = items.at(-1);
  if (!asked || reply.segment <= asked.segment || reply.segment - asked.segment > 2) return undefined;
  if (String(segments[asked.segment]?.speaker ?? '').trim() === reply.owner) return undefined;
  // Said after taking it on ("i'll do that. i'll message them all on sunday"): how it will be done.
  // "can someone be there to let him in" → "i can meet him there": offering, right after the asking, is agreeing.
  const offers = reply.segment === asked.segment + 1 && OFFERS.test(clause);
  // "please can you confirm the catering by monday?" … "you'll have it by monday noon": the speaker agrees to deliver it.
  const agreeing = AGREES.test(clause) || offers || DELIVERS.test(clause) || (asked.replies ?? []).includes(reply.segment);
  // "sure, i'll ask jun today" after "can you ask jun from security to review it": the task said again, shorter.
  const again = ON_WHAT_WAS_SAID.test(reply.task) || GOES.test(reply.task) || `${asked.task.toLowerCase()} `.startsWith(`${reply.task.toLowerCase()} `) || sameThing(asked.task, reply.task);
  const agreed = agreeing && again && asked.owner === reply.owner;
  return agreed || STANDS_FOR_IT.test(reply.task) ? asked : undefined;
}

/**
 * Where a clause ends: a stop, a comma before a request ("i'll get our engineers to look at it, can
 * you send me a sample file"; not after the name alone that opens it, "omar, can you …"), before "and" and the one a request is put to ("i'll finish it this
 * weekend and hannah, can you check the figures"), or a comma between a request and the speaker's own commitment ("can
 * you finish the ad by monday, then i'll publish it on tuesday").
 */
const CLAUSE_BREAK = /(?<=[.!?;])\s+|\n+|(?<!(?:^|[.!?;]\s+|\s(?:and|so|but)\s+)[a-z'-]+),\s+(?=(?:so\s+|and\s+|but\s+)?(?:(?:can|could|would|will)\s+you|please)\b)|\s+(?:and|so|but)\s+(?=[a-z'-]+,\s+(?:(?:can|could|would|will)\s+you|please)\b)|(?<=\b(?:can|could|would|will)\s+you\b.*|\bplease\b.*),\s+(?:(?:then|and|so)\s+)?(?=(?:i|we)(?:'ll|\s+will|\s+can|\s+am\s+going\s+to|'m\s+going\s+to)\s)/i;

/** Names that can own an item: assigned speaker names plus the recording's participants. */
export function knownNames(segments: readonly Segment[], participants?: string): string[] {
  const names = new Set<string>();
  for (const s of segments) {
    const speaker = String(s?.speaker ?? '').trim();
    if (speaker && !/^speaker[\s_-]*\d+$/i.test(speaker)) names.add(speaker);
  }
  for (const p of String(participants ?? '').split(/[,;&\n]|\band\b/i)) if (p.trim()) names.add(p.trim());
  return [...names].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

export function findActionItems(segments: readonly Segment[], reference: DateReference | undefined, names: readonly string[] = []): ActionItem[] {
  const items: ActionItem[] = [];
  const seen = new Set<string>();
  const otherOf = pairOf(segments);
  const nameAtEnd = new RegExp(`,\\s*(?:${names.map(escapeRegExp).join('|') || '(?!)'})$`, 'i');
  segments.forEach((segment, at) => {
    const speaker = String(segment?.speaker ?? '').trim() || 'Speaker';
    const text = typeof segment?.sentence === 'string' ? withPauseBreaks(segment) : '';
    for (const clause of text.replace(THEN_HOW, '$1. ').split(CLAUSE_BREAK).flatMap((c) => deedsApart(c, reference))) {
      const match = matchClause(clause, segments, at, speaker, names);
      if (!match) continue;
      const due = reference ? dueDate(clause, match.task, reference, () => daysSaidBefore(segments, at, reference, text.slice(0, Math.max(0, text.indexOf(clause))))) : undefined;
      // "can you send those over, omar": the name said to is no part of the task.
      const said = cleanTask(normaliseSpokenTimes(match.task), due).replace(nameAtEnd, '');
      // "the report i have to finish by friday": the task's object is the noun before it.
      const relative = match.asked ? undefined : relativeTask(clause.slice(0, Math.max(0, clause.lastIndexOf(match.task))), said);
      if (relative === 'no task') continue;
      // "can you send me the quote": the asker's "me" is the asker; "i'll email you", said to the only other speaker or in reply to one, emails them.
      const mine = match.owner === speaker ? toTheOther(said, otherOf?.(speaker) ?? speakerBefore(segments, at, speaker)) : said;
      let task = relative?.task ?? (match.asked && match.owner !== speaker ? inTheirWords(said, speaker) : mine);
      const asked = takenOn(items, segments, clause, { owner: match.owner, task, segment: at });
      // "twelve pounds, you can pay online" → "i'll do that this weekend": the task put to the speaker.
      const putToThem = asked || !STANDS_FOR_IT.test(task) ? undefined : putToTheSpeaker(segments, at, speaker);
      if (putToThem) task = putToThem;
      // "we still need to send the invitations" … "i'll print them this weekend": what "them" stands for.
      // A deed said apart from the one before it (deeds-apart.ts), not found as said, is read after that one.
      const clauseAt = text.indexOf(clause);
      const lineBefore = text.slice(0, clauseAt >= 0 ? clauseAt : Math.max(0, text.lastIndexOf(match.task)));
      const before = linesBefore(segments, at, `${lineBefore} ${clause.slice(0, Math.max(0, clause.lastIndexOf(match.task)))}`, speaker);
      task = asked || putToThem ? task : withThingNeeded(withReferent(task, before), before.slice(0, -1), speaker);
      if (asked) {
        items[items.indexOf(asked)] = { ...asked, owner: match.owner, ...(due ? { due } : {}), replies: [...new Set([...(asked.replies ?? []), at])] };
        continue;
      }
      // "can someone take care of that": the answer will say what; the asking alone is no item.
      if (!saysEnough(task, due) || (match.asked && STANDS_FOR_IT.test(task))) continue;
      const key = `${match.owner.toLowerCase()}|${task.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const reply = match.asked ? agreedReply(segments, at, match.owner, reference, () => daysSaidBefore(segments, at + 1, reference!)) : undefined;
      const when = due ?? reply?.due;
      items.push({ owner: match.owner, task, ...(when ? { due: when } : {}), segment: at, ...(reply ? { replies: [reply.segment] } : {}) });
    }
  });
  return withoutTakenUp(items);
}

/** A task no one took on, left out when someone does it to the same thing in the two segments after ("someone should write the incident report" … "i can draft it" → Ravi drafts it). */
function withoutTakenUp(items: readonly ActionItem[]): ActionItem[] {
  const takenUp = (item: ActionItem) =>
    items.some((other) => other.owner !== SOMEONE && other.segment > item.segment && other.segment - item.segment <= 2 && sameThing(item.task, other.task));
  return items.filter((item) => item.owner !== SOMEONE || !takenUp(item));
}
