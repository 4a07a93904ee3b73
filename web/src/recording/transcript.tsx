// The transcript beside the audio: one row per segment (its time and speaker seek to its start).
// When the engine gave word timings, each word is a button that seeks to it; the words of a
// segment form a toolbar (one Tab stop, the arrow keys move between words) so a long transcript
// does not take thousands of Tab presses. Words the engine was unsure of are marked.
import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import { clock, type Segment } from '../recordings/types.ts';

type Word = NonNullable<Segment['words']>[number];

/** Below this confidence (0..1) a word is shown as doubtful. */
const LOW_CONFIDENCE = 0.5;

const isLow = (w: Word) => w.confidence < LOW_CONFIDENCE;
export const hasLowWords = (segments: readonly Segment[]) => segments.some((s) => s.words?.some(isLow));

const MOVES: Record<string, (i: number, last: number) => number> = {
  ArrowRight: (i, last) => Math.min(i + 1, last),
  ArrowLeft: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

function Words({ segment, now, seek }: { segment: Segment; now: number; seek: (t: number) => void }) {
  const words = segment.words ?? [];
  const [chosen, setStop] = useState(0);
  const stop = Math.min(chosen, words.length - 1);
  const onKeyDown = (e: KeyboardEvent) => {
    const move = MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    const next = move(stop, words.length - 1);
    setStop(next);
    ((e.currentTarget as HTMLElement).children[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div class="words" role="toolbar" aria-label={`Words from ${clock(segment.start_time)}`} onKeyDown={onKeyDown}>
      {words.map((w, i) => {
        const low = isLow(w);
        const playing = now >= w.start && now < w.end;
        return (
          <button
            key={i}
            type="button"
            tabIndex={i === stop ? 0 : -1}
            class={['word', low && 'low', playing && 'now'].filter(Boolean).join(' ')}
            title={low ? `Low confidence (${Math.round(w.confidence * 100)}%)` : undefined}
            onFocus={() => setStop(i)}
            onClick={() => seek(w.start)}
          >
            {w.word}
          </button>
        );
      })}
    </div>
  );
}

/** `now` is the playing time for the active row and -1 for the others, so only two rows redraw as it moves. */
export const TranscriptRow = memo(function TranscriptRow({ segment, active, now, seek }: { segment: Segment; active: boolean; now: number; seek: (t: number) => void }) {
  const words = segment.words?.length ? segment.words : undefined;
  return (
    <li aria-current={active ? 'true' : undefined} class={active ? 'active' : undefined}>
      {words ? (
        <>
          <button type="button" class="segment" onClick={() => seek(segment.start_time)}>
            <span class="time">{clock(segment.start_time)}</span> <span class="speaker">{segment.speaker}</span>
          </button>
          <Words segment={segment} now={now} seek={seek} />
        </>
      ) : (
        <button type="button" class="segment" onClick={() => seek(segment.start_time)} aria-label={`${clock(segment.start_time)} ${segment.speaker}: ${segment.sentence}`}>
          <span class="time">{clock(segment.start_time)}</span> <span class="speaker">{segment.speaker}</span> <span class="text">{segment.sentence}</span>
        </button>
      )}
    </li>
  );
});
