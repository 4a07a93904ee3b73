// Transcript templates (decisions §8): a per-user line format applied to each segment, with
// `{{index}}`, `{{speaker}}`, `{{text}}`, `{{start_time}}`, `{{end_time}}` and the filters
// `|upper` and `|srt`. Unknown placeholders and filters render as written; validateTemplate
// reports them so the API can refuse such a template with a 400.
import type { Segment } from '../../providers/types.ts';
import { hms, oneLine, srtTimestamp } from './time.ts';

export const DEFAULT_TEMPLATE = '[{{speaker}}]: {{text}}';

const TEMPLATE_PLACEHOLDERS = ['index', 'speaker', 'text', 'start_time', 'end_time'] as const;
const TEMPLATE_FILTERS = ['upper', 'srt'] as const;

type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
type TemplateFilter = (typeof TEMPLATE_FILTERS)[number];

export interface TemplateIssue {
  readonly code: 'unknown_placeholder' | 'unknown_filter' | 'filter_not_applicable' | 'empty_placeholder' | 'unclosed_placeholder';
  /** The offending tag as written, e.g. `{{speakr}}`. */
  readonly token: string;
  readonly message: string;
}

const TAG = /\{\{([^{}]*)\}\}/g;
const TIME_PLACEHOLDERS: ReadonlySet<string> = new Set(['start_time', 'end_time']);
const isPlaceholder = (name: string): name is TemplatePlaceholder => (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
const isFilter = (name: string): name is TemplateFilter => (TEMPLATE_FILTERS as readonly string[]).includes(name);

interface Tag {
  readonly name: string;
  readonly filters: readonly string[];
}

function parseTag(inner: string): Tag {
  const [name = '', ...filters] = inner.split('|').map((part) => part.trim());
  return { name, filters };
}

/** Every problem in a template string; an empty list means it is valid. */
export function validateTemplate(template: string): TemplateIssue[] {
  if (typeof template !== 'string') return [{ code: 'empty_placeholder', token: '', message: 'The template must be a string' }];
  const issues: TemplateIssue[] = [];
  for (const match of template.matchAll(TAG)) {
    const token = match[0];
    const { name, filters } = parseTag(match[1] ?? '');
    if (!name) {
      issues.push({ code: 'empty_placeholder', token, message: `Empty placeholder ${token}` });
      continue;
    }
    if (!isPlaceholder(name)) {
      issues.push({ code: 'unknown_placeholder', token, message: `Unknown placeholder "${name}" in ${token}; use one of ${TEMPLATE_PLACEHOLDERS.join(', ')}` });
    }
    for (const filter of filters) {
      if (!isFilter(filter)) {
        issues.push({ code: 'unknown_filter', token, message: `Unknown filter "${filter}" in ${token}; use one of ${TEMPLATE_FILTERS.join(', ')}` });
      } else if (filter === 'srt' && isPlaceholder(name) && !TIME_PLACEHOLDERS.has(name)) {
        issues.push({ code: 'filter_not_applicable', token, message: `The srt filter applies only to start_time and end_time, not "${name}"` });
      }
    }
  }
  const unclosed = template.replace(TAG, '').indexOf('{{');
  if (unclosed >= 0) {
    const token = template.replace(TAG, '').slice(unclosed, unclosed + 20);
    issues.push({ code: 'unclosed_placeholder', token, message: `"{{" without a matching "}}" near ${JSON.stringify(token)}` });
  }
  return issues;
}

function value(name: TemplatePlaceholder, segment: Segment, index: number, srt: boolean): string {
  switch (name) {
    case 'index':
      return String(index);
    case 'speaker':
      return oneLine(segment.speaker);
    case 'text':
      return oneLine(segment.sentence);
    case 'start_time':
      return srt ? srtTimestamp(segment.start_time) : hms(segment.start_time);
    case 'end_time':
      return srt ? srtTimestamp(segment.end_time) : hms(segment.end_time);
  }
}

/** Renders one segment; `index` is 1-based. */
export function renderSegment(template: string, segment: Segment, index: number): string {
  return template.replace(TAG, (token, inner: string) => {
    const { name, filters } = parseTag(inner);
    if (!isPlaceholder(name) || !filters.every(isFilter)) return token;
    const srt = filters.includes('srt') && TIME_PLACEHOLDERS.has(name);
    const rendered = value(name, segment, index, srt);
    return filters.includes('upper') ? rendered.toUpperCase() : rendered;
  });
}

/** The text format: the template rendered per segment, joined by newlines. */
export function renderWithTemplate(segments: readonly Segment[], template: string = DEFAULT_TEMPLATE): string {
  const line = typeof template === 'string' && template.length > 0 ? template : DEFAULT_TEMPLATE;
  return segments.map((segment, i) => renderSegment(line, segment, i + 1)).join('\n');
}
