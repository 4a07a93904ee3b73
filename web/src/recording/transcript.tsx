// One transcript row: a button whose click seeks the audio. When the engine gave word timings
// the text is drawn word by word, and a click on a word seeks to that word (anywhere else on
// the row, to the segment's start). The row stays one button with one accessible name, so the
// keyboard reaches every segment with Tab and Enter, and the arrow keys keep seeking 5 s.
// Words the engine was unsure of are underlined with dots, and named in the button's label.
import { memo } from 'preact/compat';
import { clock, type Segment } from '../recordings/types.ts';

type Word = NonNullable<Segment['words']>[number];

/** Below this confidence (0..1) a word is shown as doubtful. */
const LOW_CONFIDENCE = 0.5;

const isLow = (w: Word) => w.confidence < LOW_CONFIDENCE;
export const hasLowWords = (segments: readonly Segment[]) => segments.some((s) => s.words?.some(isLow));

function label(segment: Segment): string {
  const unsure = (segment.words ?? []).filter(isLow).map((w) => w.word);
  const base = `${clock(segment.start_time)} ${segment.speaker}: ${segment.sentence}`;
  return unsure.length ? `${base} (unsure: ${unsure.join(', ')})` : base;
}

function Words({ words, now }: { words: readonly Word[]; now: number }) {
  return (
    <span class="text">
      {words.map((w, i) => {
        const low = isLow(w);
        const playing = now >= w.start && now < w.end;
        return (
          <span key={i}>
            {i > 0 && ' '}
            <span
              class={['word', low && 'low', playing && 'now'].filter(Boolean).join(' ')}
              data-start={w.start}
              title={low ? `Low confidence (${Math.round(w.confidence * 100)}%)` : undefined}
            >
              {w.word}
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** Where a click on a row seeks: the clicked word's start, else the segment's. */
function clickedTime(e: MouseEvent, segment: Segment): number {
  const word = (e.target as Element | null)?.closest?.('[data-start]');
  const start = Number(word?.getAttribute('data-start'));
  return word && Number.isFinite(start) ? start : segment.start_time;
}

/** `now` is the playing time for the active row and -1 for the others, so only two rows redraw as it moves. */
export const TranscriptRow = memo(function TranscriptRow({ segment, active, now, seek }: { segment: Segment; active: boolean; now: number; seek: (t: number) => void }) {
  const words = segment.words?.length ? segment.words : undefined;
  return (
    <li aria-current={active ? 'true' : undefined} class={active ? 'active' : undefined}>
      <button type="button" class="segment" onClick={(e) => seek(clickedTime(e, segment))} aria-label={label(segment)}>
        <span class="time">{clock(segment.start_time)}</span> <span class="speaker">{segment.speaker}</span>{' '}
        {words ? <Words words={words} now={now} /> : <span class="text">{segment.sentence}</span>}
      </button>
    </li>
  );
});
