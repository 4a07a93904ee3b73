// WebVTT: `WEBVTT` header, `HH:MM:SS.mmm` cue timings, `<v Speaker>` voice tags (decisions §8).
import type { Segment } from '../../providers/types.ts';
import { clock, cueSpan, oneLine } from './time.ts';

/** Escapes the characters WebVTT cue text and tag annotations reserve. */
function escapeVtt(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function renderVtt(segments: readonly Segment[]): string {
  const blocks: string[] = ['WEBVTT\n'];
  let index = 0;
  for (const segment of segments) {
    const speaker = oneLine(segment.speaker);
    const text = oneLine(segment.sentence);
    if (!speaker && !text) continue;
    const { start, end } = cueSpan(segment);
    const payload = speaker ? `<v ${escapeVtt(speaker)}>${escapeVtt(text)}` : escapeVtt(text);
    index += 1;
    blocks.push(`${index}\n${clock(start, '.')} --> ${clock(end, '.')}\n${payload}\n`);
  }
  return blocks.join('\n');
}
