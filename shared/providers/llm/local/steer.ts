// Pure: what a summary prompt asks of the extractive summariser. It cannot follow free text
// like a language model, so it reads three intents (action items, decisions, dates) and a topic
// (the prompt's remaining content words): the sections asked for come first (decisions have a
// section only when asked for), and key lines about the topic (or stating a decision, when
// decisions are asked for) are preferred.
import { statesADecision } from '../../../text/decisions.ts';
import { contentStems } from '../../../text/textrank.ts';

export type Section = 'key' | 'decisions' | 'actions' | 'dates';

export interface Focus {
  /** Section order: the ones the prompt asks for first. */
  readonly order: readonly Section[];
  /** Stems of the topic the prompt names (empty: no topic). */
  readonly topic: ReadonlySet<string>;
  /** The prompt asks for decisions: lines stating one are preferred. */
  readonly decisions: boolean;
}

const INTENT = {
  actions: /\b(?:action items?|tasks?|to-?dos?|next steps?|follow[- ]ups?|owners?|who (?:does|will do) what)\b/gi,
  decisions: /\b(?:decisions?|decide|decided|agree|agreed|agreements?|conclusions?|outcomes?|votes?|voted|motions?)\b/gi,
  dates: /\b(?:dates?|deadlines?|due|schedules?|timelines?|calendar|when)\b/gi,
};
// Words about the summary itself, not about the meeting's subject.
const GENERIC =
  /\b(?:summari[sz]e|summary|summaries|meeting|call|recording|transcript|conversation|key|points?|main|important|highlights?|someone|who|missed|answer|write|markdown|bullets?|list|short|brief|detailed|focus(?:ing)? on|mention(?:ed|s)?|with|their|owners?|please|everything|anything|english|language|format|sections?)\b/gi;

export function readFocus(prompt: string | undefined): Focus {
  const text = typeof prompt === 'string' ? prompt : '';
  const wants = (re: RegExp) => new RegExp(re.source, 'i').test(text);
  const asked = (['decisions', 'actions', 'dates'] as const).filter((section) => wants(INTENT[section]));
  const decisions = asked.includes('decisions');
  const rest = Object.values(INTENT).reduce((t, re) => t.replace(re, ' '), text).replace(GENERIC, ' ');
  const topic = new Set(contentStems(rest.toLowerCase()));
  // Asking for everything (the built-in prompt does) or for nothing in particular keeps the usual
  // order: the key lines, the decisions when asked for, then the action items and the dates.
  const all = asked.length === 3;
  const order: Section[] =
    all || asked.length === 0 ? ['key', ...asked.filter((s) => s === 'decisions'), 'actions', 'dates'] : [...asked, 'key', ...(['actions', 'dates'] as const).filter((s) => !asked.includes(s))];
  return { order, topic, decisions: decisions && !all };
}

/** How much the focus lifts a line's score: ×(1 + topic words shared), ×2 for a decision asked for. */
export function focusWeight(focus: Focus, text: string, stems: readonly string[]): number {
  const shared = focus.topic.size > 0 ? stems.filter((s) => focus.topic.has(s)).length : 0;
  return (1 + 2 * shared) * (focus.decisions && statesADecision(text) ? 2 : 1);
}
