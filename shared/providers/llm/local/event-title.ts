// What kind of event a sentence proposes (an appointment by its cue word, or a deadline) and
// the title it gets: "Meeting: review the release", "Call with the vendor", "Deadline: budget
// report". Deterministic; no I/O.
const APPOINTMENTS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:call|phone call|calls)\b/i, 'Call'],
  [/\binterviews?\b/i, 'Interview'],
  [/\bdemo\b/i, 'Demo'],
  [/\bpresentation\b/i, 'Presentation'],
  [/\bworkshop\b/i, 'Workshop'],
  [/\blunch\b/i, 'Lunch'],
  [/\bdinner\b/i, 'Dinner'],
  [/\bappointment\b/i, 'Appointment'],
  [/\b(?:meet|meeting|meetings|sync|catch up|get together|stand-?up|session|conference|review meeting)\b/i, 'Meeting'],
];
const DEADLINE = /\b(?:deadline|due)\b/i;
const DEADLINE_LEAD = /\b(?:by|before|no later than|until|till)\s+(?:the\s+)?$/i;
const COPULA = /^(?:(?:is|are|was|will be)\s+)+|(?:\s+(?:is|are|was|will be))+$/gi;
const FILLER = /^(?:(?:so|and|okay|ok|right|well|also|then|good|great|yes|yeah|um+|uh+|now|but)[,\s]+)+/i;
const MODAL = /\b(?:i|we|you|he|she|they|[\p{L}]+)(?:'ll|\s+(?:will|shall|need to|needs to|must|should|have to|has to|got to|can|(?:am|is|are|'m|'re) going to))\s+(.+)$/iu;
const MAX_TITLE = 200;

const tidy = (text: string, dropArticle = false): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(FILLER, '')
    .replace(/[\s,;:.!?-]+$/, '')
    .replace(COPULA, '')
    .replace(dropArticle ? /^(?:the|a|an|our|my|your|their)\s+/i : /^$/, '')
    .trim();

function deadlineTopic(rest: string): string {
  const named = /\bdeadline\s+(?:for|of|on|to)\s+(.+?)(?:\s+(?:is|was|will be|falls|lands)\b|$)/i.exec(rest) ?? /^(.+?)\s+(?:is|are)?\s*due\b/i.exec(rest);
  if (named) return tidy(named[1]!, true);
  const task = /\baction items? (?:for|to) [\p{L}'-]+[,:]?\s+(.+)$/iu.exec(rest) ?? MODAL.exec(rest);
  return tidy((task ? task[1]! : rest).replace(/\bdeadline\b/i, ''), true);
}

function appointmentTitle(kind: string, rest: string): string {
  const purpose = /\b(?:to|about|regarding|re|for)\s+((?:\S+\s+)*\S+)$/i.exec(rest);
  if (purpose && purpose[1]!.split(' ').length >= 2) return `${kind}: ${tidy(purpose[1]!)}`;
  const cue = APPOINTMENTS.find(([pattern]) => pattern.test(rest))?.[0];
  const after = cue ? tidy(rest.slice(rest.search(cue)).replace(cue, '')) : '';
  if (/^(?:with|of|for)\s+\S/i.test(after)) return `${kind} ${after}`;
  return after ? `${kind}: ${after}` : kind;
}

export type EventKind = 'appointment' | 'deadline';

/**
 * The kind and title of what a sentence says about a date, or undefined when it names no
 * appointment and no deadline. `rest` is the sentence without its dates and place; `before`
 * is what precedes the date ("… by " makes a task due then).
 */
export function titleOf(normalised: string, rest: string, before: string): { kind: EventKind; title: string } | undefined {
  const cue = APPOINTMENTS.find(([pattern]) => pattern.test(rest))?.[1];
  let found: { kind: EventKind; title: string } | undefined;
  if (DEADLINE.test(normalised) || (DEADLINE_LEAD.test(before) && cue !== 'Meeting')) {
    const topic = deadlineTopic(rest);
    found = { kind: 'deadline', title: topic ? `Deadline: ${topic}` : 'Deadline' };
  } else if (cue) found = { kind: 'appointment', title: appointmentTitle(cue, rest) };
  if (found && found.title.length > MAX_TITLE) found = { ...found, title: `${found.title.slice(0, MAX_TITLE - 1).trimEnd()}…` };
  return found;
}

/** A title that says more than its kind ("Meeting: budget" rather than "Meeting"). */
export const saysMore = (title: string): boolean => /[:\s]/.test(title);
