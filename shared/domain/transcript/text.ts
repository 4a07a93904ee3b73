// Plain text: each segment through the transcript template, one per line.
import type { Segment } from '../../providers/types.ts';
import { DEFAULT_TEMPLATE, renderWithTemplate } from './template.ts';

export function renderText(segments: readonly Segment[], template: string = DEFAULT_TEMPLATE): string {
  return renderWithTemplate(segments, template);
}
