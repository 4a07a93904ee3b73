// The phrases a sentence names a thing with when it says when that thing is: "the sale is on …",
// "staff training on allergens is on …", "the cake tasting it's booked for …". Patterns only;
// event-title.ts reads them. Deterministic; no I/O.
import { WEEKDAY } from '../../../text/calendar.ts';

/** "saturday's match is away …", "tomorrow's session": the thing the day is said to own (what follows the date). */
export const DAYS_OWN = /^'s\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?=\s+(?:is|are|was|will|moves?|starts?|kicks? off|begins?|has)\b|\s*$)/iu;
/** "friday is the company move to the warehouse": the thing the day is said to be (what follows the date); not "the best day", "the deadline". */
export const DAY_IS = /^\s+(?:is|will\s+be)\s+(?:the|our)\s+(?!(?:best|better|only|last|first|next|earliest|latest|easiest|worst|busiest|quietest|same|usual|one|day|time|plan|idea|problem|issue|question|thing|deadline|date|day's|week's)\b)((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?=\s+(?:to|at|in|for|with|from|and|so|but)\b|\s*[,.;!?]|\s*$)/iu;
/**
 * The plain form says what many do: "the inspectors visit on monday", "the kids arrive at nine".
 * After one thing ("the site visit next tuesday") it is no verb but part of the name.
 */
const MANY = String.raw`(?<=(?:s|people|children|staff|team|crew|police|family)\s+)(?<!\b(?:is|was|has|does|this|its|his|us)\s+)`;
/** "entries close", not "the library is shut": the plain form after many. */
const MANY_CLOSE = String.raw`${MANY}(?:close|shut|expire|end|run out)`;
/** "the portal closes at noon on …", "the offer expires on …": a thing that ends then, a deadline. */
export const CLOSES = new RegExp(String.raw`\b(?:the|our|this|their|your|my)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(closes|shuts|expires|ends|runs out|${MANY_CLOSE})\s+(?:(?:at|on|by)\s+)?(?:the\s+)?$`, 'iu');

/** "early bird pricing ends on …", "registrations close on …": the same, the thing named without a determiner. */
export const CLOSES_BARE = new RegExp(String.raw`^((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(closes|shuts|expires|ends|runs out|${MANY_CLOSE})\s+(?:(?:at|on|by)\s+)?(?:the\s+)?$`, 'iu');

/** Begins, comes, in the plain form ("will start", "the doors open"). */
const BEGINS = 'start|begin|kick off|launch|open|run|go out|come|arrive|visit';
/** "the market opens for the season on …", "the pool opens again on …": what a thing begins for, said before when. */
const FOR_A_WHILE = String.raw`(?:\s+(?:for\s+(?:the\s+)?(?:season|summer|winter|spring|autumn|fall|year|public|business|first\s+time)|again))?`;
/** Said to happen, begin, come, be booked or be moved then: what ends the words before the date. */
const HAPPENS = String.raw`(?:is|are|will be|(?:should|would|might|may)\s+be|takes place|happens|(?:will\s+(?:${BEGINS})|starts|begins|kicks off|launches|opens|runs|goes out|(?:leaves|departs)(?:\s+from\s+(?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)?|goes live|comes|arrives|visits|${MANY}(?:${BEGINS}))|(?:is|are)\s+(?:coming|arriving|visiting)|(?:isn't|aren't|is\s+not|are\s+not)\s+(?:until|till)|(?:doesn't|don't|does\s+not)\s+(?:start|begin|open|happen|kick\s+off)\s+(?:until|till)|(?:gets?|is|are|will\s+be|is\s+being|are\s+being)\s+(?:delivered|installed|fitted|collected|picked\s+up)|(?:is|are|will be|has been|have been)\s+(?:booked|scheduled|planned|set|arranged|listed|fixed|timetabled|slated|confirmed|pencil?led in)(?:\s+in)?(?:\s+for)?|(?:(?:has|have|is|are|was|were|got|'s)\s+)?(?:been\s+)?(?:moved|changed|pushed|pushed back|rescheduled|brought forward)\s+(?:to|till|until))${FOR_A_WHILE}\s+(?:(?:on|at|in|from|around)\s+)?(?:(?:the|a)\s+)?(?:(?:following|next|coming)\s+)?$`;
/** A title said before a name: "Dr Patel", "Mrs Okafor", "Prof Weber". */
export const HONORIFIC = '(?:dr|doctor|mr|mrs|ms|miss|prof|professor)';
export const DET = '(?:the|our|a|an|this|my|your|their|his|her|its)';
/** Things held on a day that a need or a stay is for: "a rehearsal", "its inspection", "a final fitting". */
export const OCCASION = '(?:run|rehearsal|run-?through|walk-?through|read|read-?through|test|check|review|session|call|meeting|visit|inspection|drill|demo|briefing|workshop|training|fitting|shoot|screening|tasting|viewing|tour|interview|service|mot|check-?up|appointment|exam|assessment|audit)';
/** A modal ends a noun phrase: "an engineer can visit on thursday" offers, and names no "engineer can". */
const MODAL_WORD = '(?:can|could|will|would|should|may|might|must|shall)';
/** A word that opens a relative clause ("the bank holiday which is …"), so ends a noun phrase before it. */
const RELATIVE = '(?:which|that|who|where|when)';
/** Where a thing named is, or leaves from, said before when ("the gig at the fleece is on …"): no part of its name. */
const WHERE = String.raw`(?:\s+(?:at|in|from)\s+(?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)?`;
/** What a thing named is about or for: " about the budget", " for volunteers", " of season awards night" (after "the end"). */
const ABOUT = String.raw`((?:\s+(?:on|of|for|about|with)\s+(?:${DET}\s+)?[\p{L}-]+(?:\s+(?!${RELATIVE}\b|${MODAL_WORD}\b)[\p{L}-]+){0,2})?)`;
/**
 * "the sale is on the sixteenth", "our quiz night will be at seven", "the fundraiser starts at
 * seven", "the plumber is booked for thursday", "the new menu launches on friday": a thing said
 * to happen, begin or be booked then, named by its noun phrase and what it is about ("the talk
 * about the budget"), the saying in a clause of its own ("the budget vote, which happens tonight"; not "…, which is", a day described).
 */
export const SCHEDULED = new RegExp(String.raw`\b${DET}\s+((?:(?!${DET}\s|${MODAL_WORD}\b)[\p{L}-]+\s+){0,2}?(?!${RELATIVE}\b|${MODAL_WORD}\b)[\p{L}-]+)${ABOUT}${WHERE}(?:,\s*which(?=\s+(?:happens|takes\s+place|starts|begins|kicks\s+off|opens|runs)\b))?\s+${HAPPENS}`, 'iu');
/** "the rehearsal is the evening before the wedding so friday the fifth": a thing said to be at a time described, and then the date that is. */
export const RESTATED = new RegExp(
  String.raw`\b${DET}\s+((?:(?!${DET}\s)[\p{L}-]+\s+){0,2}?[\p{L}-]+)${ABOUT}\s+(?:is|are|will be)\s+(?:[\p{L}'-]+\s+){0,7}?[\p{L}'-]+,?\s+(?:so|which is|which would be|that's|that is|that'd be|that would be)\s+(?:on\s+)?(?:the\s+)?$`,
  'iu',
);
/**
 * "let's make the handover date the twenty sixth", "set the launch day for …": the date of a thing,
 * set then; "i've booked the engineer visit for friday": a thing booked for then.
 */
export const SET_DATE = new RegExp(
  String.raw`\b(?:(?:make|set|fix|put|move|change|pencil in|lock in)\s+${DET}\s+((?:[\p{L}-]+\s+){1,3}?(?:date|day))|(?:book(?:ed)?|schedul(?:e|ed)|arrang(?:e|ed)|organi[sz](?:e|ed)|reschedule[ds]?|move[ds]?|moving|push(?:ed|es|ing)?|shift(?:ed|s|ing)?)(?:\s+(?:back|forward))?\s+${DET}\s+((?:(?!${DET}\s)[\p{L}-]+\s+){0,2}?[\p{L}-]+))\s+(?:(?:to|for|as|on|in|from)\s+)?(?:the\s+)?$`,
  'iu',
);
/** "the cake tasting it's booked for …": a thing named, then taken up again by a pronoun. */
export const RESUMED = new RegExp(String.raw`(\b${DET}\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\s+(?:it's|it is|it'll be|it will be|they're|they are)(?=\s)`, 'giu');
/**
 * "staff training on allergens is on the fourteenth": a clause that opens with a bare name of two
 * or three words, and what it is about; of one word only with what it is for ("tasting for the staff is …").
 */
export const UNMARKED = new RegExp(String.raw`^((?:[\p{L}-]+\s+){1,2}?[\p{L}-]+|[\p{L}-]+(?=\s+(?:on|of|for|about|with)\s))${ABOUT}\s+${HAPPENS}`, 'iu');
/** One word names a thing only said to be then, or to start or leave then ("camp leaves monday …", "distribution is the following saturday"; "doors open at seven" is a part of the evening, not a thing of its own). */
export const UNMARKED_ONE =
  /^([\p{L}-]+)()\s+(?:(?:is|are|will be|has been|have been)(?:\s+(?:booked|scheduled|planned|set|arranged|moved|pushed back|rescheduled|brought forward))?|moves|moved|(?:starts|begins|opens|leaves|departs|kicks off)(?:\s+from\s+(?:the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?)?)\s+(?:(?:on|at|in|from|for|to)\s+)?(?:the\s+)?(?:(?:following|next|coming)\s+)?$/iu;
/** "is", "are", "will be" right after a name: the name is the subject, so each of its words is a noun or an adjective. */
export const SUBJECT_OF_BE = /^\s+(?:is|are|will\s+be)\b/i;
/** "path clearing on sunday at ten", "the client site visit next thursday": a bare name and when, with no verb. */
export const VERBLESS = /^(?:(?:the|our|a|an)\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:(?:on|at|from)\s+)?(?:the\s+)?$/iu;
/** Words that only order or announce what is said: "last thing", "second", "one more thing", "reminder". */
export const SEQUENCE =
  /^(?:(?:(?:first|second|third|next|last|final|one more|another)\s+(?:thing|point|item)|first of all|firstly|secondly|thirdly|second|third|finally|lastly|(?:just\s+)?(?:a\s+)?(?:quick\s+|friendly\s+)?reminder|heads up|fyi|note)[,:\s]+)+/i;
export const NOT_SCHEDULED = /^(?:(?:good|big|small|little|real|slight|fair|great|huge|tiny|bad)\s+)*(?:one|time|date|day|week|weekend|month|year|plan|idea|thing|problem|weather|answer|question|rest|best|same|office|shop|doors?|room|venue|booking|lot|bit|look|chance|go|word|feeling|moment|minute|way|choice|today|tomorrow|tonight|following|previous|mine|yours|ours|theirs|his|hers)$|\b(?:next|last|other)\b|^(?:[a-z-]+\s+){1,3}ones?$/i;
/**
 * "Sofia's leaving party is on saturday", "the team's offsite starts …": a thing someone owns,
 * said to happen then; the owner (2, with a title, 1: "Dr Patel's workshop") and the thing (3, 4). Not a word that only looks owned
 * ("it's", "what's", "saturday's": a day's own thing is DAYS_OWN's).
 */
export const OWNED = new RegExp(
  String.raw`(?:^|[\s,])(${HONORIFIC}\.?\s+)?(?!(?:it|that|this|there|here|what|who|where|when|how|let|he|she|everyone|everything|nothing|something|today|tomorrow|tonight|${WEEKDAY})['’])([\p{L}-]+)['’]s\s+((?:(?!${DET}\s|${MODAL_WORD}\b)[\p{L}-]+\s+){0,2}?(?!${RELATIVE}\b|${MODAL_WORD}\b)[\p{L}-]+)${ABOUT}${WHERE}\s+${HAPPENS}`,
  'iu',
);
/** "after lunch", "before dinner service": a meal said as a time of the day, not had together. */
export const MEAL_AS_WHEN = /\b(?:after|before|until|till|since|by)\s+(?:the\s+)?(?:breakfast|lunch|dinner|supper)(?:\s+(?:service|rush|break))?\b/gi;
/**
 * "and don't forget the owner's site visit next tuesday", "remember the fire drill on friday",
 * "reminder, the audit at two": a thing reminded of, named just before when (the owner and the thing, 1 and 2).
 */
export const REMINDED = new RegExp(
  String.raw`(?:^|[,;.]\s*|\b(?:and|so|also|oh|please|just)\s+)(?:(?:don't|do\s+not)\s+forget|remember|(?:a\s+)?(?:quick\s+|friendly\s+)?reminder)(?:\s+(?:about|of))?[,:]?\s+${DET}\s+(?:([\p{L}-]+(?:['’]s|s['’]))\s+)?((?:(?!${DET}\s)[\p{L}-]+\s+){0,2}?[\p{L}-]+)${WHERE}\s+(?:(?:on|at|in|from)\s+)?(?:the\s+)?$`,
  'iu',
);
