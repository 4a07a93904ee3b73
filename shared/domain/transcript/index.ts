// Transcript output formats (decisions §8): json keeps the canonical segments; text, srt and vtt
// render them to a string. downloadFor gives the file type for `download=true`.
import type { Segment } from '../../providers/types.ts';
import { renderSrt } from './srt.ts';
import { renderText } from './text.ts';
import { renderVtt } from './vtt.ts';

export { DEFAULT_TEMPLATE, renderSegment, validateTemplate } from './template.ts';
export { srtTimestamp } from './time.ts';

const TRANSCRIPT_FORMATS = ['json', 'text', 'srt', 'vtt'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];
export type TextTranscriptFormat = Exclude<TranscriptFormat, 'json'>;

export interface JsonTranscript {
  readonly format: 'json';
  readonly segments: readonly Segment[];
}
export interface TextTranscript {
  readonly format: TextTranscriptFormat;
  readonly content: string;
}
export type RenderedTranscript = JsonTranscript | TextTranscript;

export function isTranscriptFormat(value: unknown): value is TranscriptFormat {
  return typeof value === 'string' && (TRANSCRIPT_FORMATS as readonly string[]).includes(value);
}

/** `template` applies to the text format only (the user's default transcript template). */
export function renderTranscript(segments: readonly Segment[], format: 'json', template?: string): JsonTranscript;
export function renderTranscript(segments: readonly Segment[], format: TextTranscriptFormat, template?: string): TextTranscript;
export function renderTranscript(segments: readonly Segment[], format: TranscriptFormat, template?: string): RenderedTranscript;
export function renderTranscript(segments: readonly Segment[], format: TranscriptFormat, template?: string): RenderedTranscript {
  switch (format) {
    case 'json':
      return { format, segments };
    case 'text':
      return { format, content: renderText(segments, template) };
    case 'srt':
      return { format, content: renderSrt(segments) };
    case 'vtt':
      return { format, content: renderVtt(segments) };
  }
}

export interface DownloadType {
  readonly contentType: string;
  readonly extension: string;
}

const DOWNLOADS: Readonly<Record<TranscriptFormat, DownloadType>> = {
  json: { contentType: 'application/json', extension: 'json' },
  text: { contentType: 'text/plain', extension: 'txt' },
  srt: { contentType: 'application/x-subrip', extension: 'srt' },
  vtt: { contentType: 'text/vtt', extension: 'vtt' },
};

export function downloadFor(format: TranscriptFormat): DownloadType {
  return DOWNLOADS[format];
}
