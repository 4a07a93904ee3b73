// A recording's passages for the library index: its title, the paragraphs of its notes and
// summary (Markdown read as the plain text a reader sees, without the summary's headings and
// asides: contentText) and its transcript segments. Apart from
// library.ts so that only the index worker loads the Markdown parser: the routes that query the
// index never make passages.
import { contentText } from '../text/plain.ts';
import type { HitField, SearchDoc } from './engine.ts';
import type { Library, RecordingContent } from './library.ts';

/** Paragraphs of a note or summary (its Markdown as plain text): blank-line or line separated, empty ones dropped. */
function paragraphs(text: string): string[] {
  return text.split(/\r?\n\s*\r?\n|\r?\n/).map((p) => p.trim()).filter(Boolean);
}

function documentsOf(r: RecordingContent): SearchDoc[] {
  const passage = (field: HitField, i: number, text: string): SearchDoc => ({ id: `${r.id}:${field}:${i}`, recording_id: r.id, field, segment_index: i, speaker: '', start_time: null, end_time: null, text });
  return [
    ...(r.title.trim() ? [passage('title', 0, r.title)] : []),
    ...paragraphs(r.notes).map((p, i) => passage('notes', i, p)),
    ...paragraphs(contentText(r.summary)).map((p, i) => passage('summary', i, p)),
    ...r.segments.map((s, i) => ({ id: `${r.id}:transcript:${i}`, recording_id: r.id, field: 'transcript' as const, segment_index: i, speaker: s.speaker, start_time: s.start_time, end_time: s.end_time, text: s.sentence })),
  ].filter((d) => d.text.trim() !== '');
}

/** Replaces everything indexed for the recording with its current content. */
export function putRecording(library: Library, content: RecordingContent): void {
  library.replace(content, documentsOf(content));
}
