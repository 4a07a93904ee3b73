// The audio (streamed by the browser with Range requests) and the transcript beside it: the
// segment being played is highlighted and kept in view; clicking a segment or one of its words
// seeks there (transcript.tsx).
// Keyboard: space plays or pauses, the left and right arrows seek 5 s (outside text fields).
// On a button or link space presses it, as everywhere on the web, except on a transcript
// segment: focus lands there after a click on the transcript, and Enter already plays the
// segment, so space keeps playing and pausing.
import type { RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { isWorking, type Recording, type Segment } from '../recordings/types.ts';
import { hasLowWords, TranscriptRow } from './transcript.tsx';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'AUDIO', 'VIDEO']);

function useKeys(audio: RefObject<HTMLAudioElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      const el = audio.current;
      if (!el || e.altKey || e.ctrlKey || e.metaKey || TYPING.has(target.tagName) || target.isContentEditable) return;
      if (e.key === ' ' && (target.closest('button.segment') || !['BUTTON', 'A', 'SUMMARY'].includes(target.tagName))) {
        e.preventDefault();
        void (el.paused ? el.play() : el.pause());
      } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        el.currentTime = Math.max(0, el.currentTime + (e.key === 'ArrowRight' ? 5 : -5));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [audio]);
}

/**
 * Scrolls the transcript's own box so the item is inside it. Never the window
 * (scrollIntoView would scroll it too): someone reading the summary below stays there.
 */
function keepInView(box: HTMLElement, item: HTMLElement) {
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += Math.min(inner.bottom - outer.bottom, inner.top - outer.top);
}

/** What the transcript box says while it has no segments, from where the recording stands. */
export function noTranscript(recording: Pick<Recording, 'status' | 'has_transcription'>): string {
  if (recording.has_transcription) return 'No speech was found in this recording.';
  if (recording.status === 'FAILED') return 'There is no transcript: transcription failed (the reason is above).';
  if (isWorking(recording.status)) return 'The transcript appears here once transcription is done.';
  return 'No transcript yet.';
}

/** `start`: the moment to open at (a search hit or a library chat source), in seconds; `empty`: what to say without segments. */
export function Player({ id, audio, segments, start, empty }: { id: number; audio: RefObject<HTMLAudioElement | null>; segments: readonly Segment[]; start?: number; empty: string }) {
  const [now, setNow] = useState(start ?? 0);
  const opened = useRef(false);
  const [playing, setPlaying] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  useKeys(audio);
  const active = segments.findIndex((s) => now >= s.start_time && now < s.end_time);
  // In the same task as the render that marks the row: a plain effect runs after a paint with it out of view.
  useLayoutEffect(() => {
    const item = list.current?.children[active] as HTMLElement | undefined;
    if (item && list.current) keepInView(list.current, item);
  }, [active]);
  const seek = useCallback(
    (t: number) => {
      if (audio.current) audio.current.currentTime = t;
      setNow(t);
    },
    [audio],
  );
  return (
    <section class="card player" aria-labelledby="transcript-heading">
      <div class="audio">
        <audio
          ref={audio}
          controls
          preload="metadata"
          src={`/api/v1/recordings/${id}/audio`}
          aria-label="Recording audio"
          onLoadedMetadata={(e) => {
            if (start === undefined || opened.current) return;
            opened.current = true;
            e.currentTarget.currentTime = start;
          }}
          onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
          onSeeked={(e) => setNow(e.currentTarget.currentTime)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
        <button type="button" class="secondary" onClick={() => void (audio.current?.paused ? audio.current.play() : audio.current?.pause())}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <p class="hint">Space plays or pauses, the arrow keys go 5 seconds back or forward.</p>
      </div>
      <h2 id="transcript-heading">Transcript</h2>
      {segments.length === 0 && <p>{empty}</p>}
      {hasLowWords(segments) && <p class="hint">Words underlined with dots are ones the engine was unsure of; click a word to play from it.</p>}
      <ol class="transcript" ref={list}>
        {segments.map((s, i) => (
          <TranscriptRow key={i} segment={s} active={i === active} now={i === active ? now : -1} seek={seek} />
        ))}
      </ol>
    </section>
  );
}
