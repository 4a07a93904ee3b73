// SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, text prefixed `Speaker: ` (decisions §8).
import type { Segment } from '../../providers/types.ts';
import { clock, cueSpan, oneLine } from './time.ts';

export function renderSrt(segments: readonly Segment[]): string {
  const cues: string[] = [];
  for (const segment of segments) {
    const speaker = oneLine(segment.speaker);
    // A literal arrow inside the text could be read as a timing line by lenient parsers.
    const text = oneLine(segment.sentence).replaceAll('-->', '->');
    if (!speaker && !text) continue;
    const { start, end } = cueSpan(segment);
    const line = speaker ? `${speaker}: ${text}`.trimEnd() : text;
    cues.push(`${cues.length + 1}\n${clock(start, ',')} --> ${clock(end, ',')}\n${line}\n`);
  }
  return cues.join('\n');
}
