// Someone coming at a time: "dave is booked for wednesday morning at eight to move the sink" →
// "Dave to move the sink"; "the electrician is coming on friday at nine" → "Electrician's visit".
// The one who comes is a person: a name (a word the English lexicon lacks, or one of the people
// at the meeting), someone named by their part (roles.ts) or by who they are to someone ("my
// mum"); "the delivery is coming" is no visit.
import { inLexicon } from '../../../text/pos.ts';
import { roleOwner } from '../../../text/roles.ts';

/** Who, then "is booked", "is coming (over)", "will be here", "comes", "arrives", said just before when. */
const COMING =
  /(?:^|[,;.]\s*|\b(?:and|so|but|then|ok|okay|right)\s+)((?:the|our|your|their|my|his|her)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+|[\p{L}-]+)\s+(?:(?:is|'s|are|will\s+be)\s+(?:booked(?:\s+in)?|coming(?:\s+(?:in|over|round|by|back))?|arriving|visiting|popping\s+(?:in|over|round|by)|here|over|round)|(?:comes|arrives|visits|will\s+(?:come|arrive|visit|pop\s+(?:in|over|round|by))(?:\s+(?:in|over|round|by|back))?))\s+(?:(?:for|on|in|at|first\s+thing)\s+)?(?:the\s+)?$/iu;
/** What they come to do, said after when: "… to move the sink", "… to fit the cabinets". */
const PURPOSE = /^\s*(?:[\p{L}'-]+\s+){0,3}?to\s+(?!be\b|the\b)([\p{L}'-]+(?:\s+[\p{L}'-]+){0,5}?)\s*(?:[,.;!?]|\s+(?:and|but|so|then|because|if|when)\b|$)/iu;
const NOT_SOMEONE = new Set(['it', 'this', 'that', 'there', 'everything', 'everyone', 'everybody', 'what', 'which', 'who', 'he', 'she', 'they', 'we', 'i', 'you', 'one', 'nobody', 'something', 'anything', 'nothing']);

/** People named by who they are to someone: "my mum", "our neighbour". */
const KIN = new Set('mum mom dad mother father parents sister brother aunt uncle grandma grandad grandpa granny nan son daughter wife husband partner friend friends neighbour neighbor cousin boss colleague in-laws'.split(' '));

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The one who comes, as a title names them: "Dave", "Plumber", "New electrician"; undefined when no person is said. */
function visitor(said: string, before: string, names: readonly string[]): string | undefined {
  const words = said.split(/\s+/);
  const last = words.at(-1)!;
  if (words.length === 1) return oneWord(last, names);
  const role = roleOwner(last, `${before} ${words.slice(0, -1).join(' ')} `);
  return role ?? (KIN.has(last.toLowerCase()) ? capitalise(words.slice(1).join(' ').toLowerCase()) : undefined);
}

function oneWord(last: string, names: readonly string[]): string | undefined {
  if (NOT_SOMEONE.has(last.toLowerCase())) return undefined;
  const known = names.some((n) => n.toLowerCase().split(/\s+/)[0] === last.toLowerCase());
  return known || !inLexicon(last) ? capitalise(last) : undefined;
}

/** The visit `before` the date says, its purpose from `after`; undefined when no one is said to come. */
export function visitTitle(before: string, after: string, names: readonly string[]): string | undefined {
  const coming = COMING.exec(before);
  if (!coming) return undefined;
  const who = visitor(coming[1]!, before.slice(0, coming.index), names);
  if (!who) return undefined;
  const purpose = PURPOSE.exec(after)?.[1];
  if (purpose) return `${who} to ${purpose.toLowerCase()}`;
  // "the surveyor is coming on thursday": the one named by their part says it ("Surveyor").
  return coming[1]!.includes(' ') && !KIN.has(who.toLowerCase().split(' ').at(-1)!) ? who : `${who}'s visit`;
}
