// Calendar events with their .ics file, transcript downloads, processing again (transcription,
// with other speaker counts, or the summary with a custom prompt), and deleting the recording.
import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Confirm, Field, Section, TextArea, useAction } from '../components/form.tsx';
import type { CalendarEvent, Recording } from '../recordings/types.ts';
import { useRecordingZone, zonedTime } from './clock.ts';

/** The events found in the recording, on its own clocks: "at three" said in a meeting meant its zone's three. */
export function Events({ recording }: { recording: Recording }) {
  const { id, status, has_summary } = recording;
  const zone = useRecordingZone(recording);
  // Undefined until they have come: "none were found" is said only once that is known.
  const [events, setEvents] = useState<CalendarEvent[]>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    call(api.GET('/recordings/{id}/events', { params: { path: { id: String(id) } } })).then(
      (r) => setEvents(r.events),
      (e: Error) => setError(`The calendar events could not be loaded: ${e.message}`),
    );
  }, [id, status, has_summary]);
  return (
    <Section title="Calendar events">
      <Alert message={error} />
      {events === undefined ? (
        !error && <p role="status">Loading calendar events…</p>
      ) : events.length === 0 ? (
        <p>No appointments were found in this recording.</p>
      ) : (
        <>
          <ul class="events">
            {events.map((e) => (
              <li key={e.id}>
                <strong>{e.title}</strong> — {zonedTime(e.start_datetime, zone)}
                {e.location && ` — ${e.location}`}
              </li>
            ))}
          </ul>
          <a class="button" href={`/api/v1/recordings/${id}/events/ics`} download>
            Download .ics
          </a>
        </>
      )}
    </Section>
  );
}

const FORMATS = [
  ['text', 'Text'],
  ['srt', 'SubRip (.srt)'],
  ['vtt', 'WebVTT (.vtt)'],
  ['json', 'JSON'],
] as const;

export function Downloads({ id }: { id: number }) {
  return (
    <Section title="Downloads">
      <ul class="downloads">
        {FORMATS.map(([format, name]) => (
          <li key={format}>
            <a href={`/api/v1/recordings/${id}/transcript?format=${format}&download=true`} download>
              Transcript as {name}
            </a>
          </li>
        ))}
        <li>
          <a href={`/api/v1/recordings/${id}/audio?download=true`} download>
            Original audio
          </a>
        </li>
      </ul>
    </Section>
  );
}

interface Counts {
  min: string;
  max: string;
}

/** The transcribe request for the counts typed: one left blank keeps the recording's own. */
function transcribeBody({ min, max }: Counts): { min_speakers?: number; max_speakers?: number } {
  if (min.trim() && max.trim() && Number(min) > Number(max)) throw new Error('Fewest speakers must not be more than most speakers.');
  return { ...(min.trim() ? { min_speakers: Number(min) } : {}), ...(max.trim() ? { max_speakers: Number(max) } : {}) };
}

function SpeakerCounts({ value, onChange }: { value: Counts; onChange: (counts: Counts) => void }) {
  return (
    <fieldset class="inline">
      <legend>Speakers to tell apart when transcribing again (blank: as before)</legend>
      <Field label="Fewest speakers" type="number" min={1} max={50} value={value.min} onInput={(e) => onChange({ ...value, min: e.currentTarget.value })} />
      <Field label="Most speakers" type="number" min={1} max={50} value={value.max} onInput={(e) => onChange({ ...value, max: e.currentTarget.value })} />
    </fieldset>
  );
}

export function Processing({ id, onQueued }: { id: number; onQueued: () => Promise<void> }) {
  const [prompt, setPrompt] = useState('');
  const [speakers, setSpeakers] = useState<Counts>({ min: '', max: '' });
  const [confirming, setConfirming] = useState(false);
  const [queued, setQueued] = useState<string | null>(null);
  const { route } = useLocation();
  const { busy, error, run } = useAction();
  const path = { params: { path: { id: String(id) } } };
  const transcribe = () =>
    run(async () => {
      setQueued((await call(api.POST('/recordings/{id}/transcribe', { ...path, body: transcribeBody(speakers) }))).message);
      await onQueued();
    });
  const summarize = () =>
    run(async () => {
      setQueued((await call(api.POST('/recordings/{id}/summarize', { ...path, body: prompt.trim() ? { custom_prompt: prompt.trim() } : {} }))).message);
      await onQueued();
    });
  const remove = () =>
    run(async () => {
      await call(api.DELETE('/recordings/{id}', path));
      route('/', true);
    });
  return (
    <Section title="Process again or delete">
      <SpeakerCounts value={speakers} onChange={setSpeakers} />
      <div class="actions">
        <button type="button" class="secondary" disabled={busy} onClick={transcribe}>
          Transcribe again
        </button>
      </div>
      <TextArea label="Custom prompt for the summary (optional)" rows={2} maxLength={10000} value={prompt} onInput={(e) => setPrompt(e.currentTarget.value)} />
      <div class="actions">
        <button type="button" class="secondary" disabled={busy} onClick={summarize}>
          Summarize again
        </button>
        <button type="button" class="danger" disabled={busy} onClick={() => setConfirming(true)}>
          Delete recording…
        </button>
      </div>
      {confirming && (
        <Confirm
          question="Delete this recording with its audio, transcript and summary? This cannot be undone."
          yes="Yes, delete it"
          no="Keep it"
          busy={busy}
          onYes={remove}
          onNo={() => setConfirming(false)}
        />
      )}
      <Alert message={error} />
      <Alert message={queued} kind="info" />
    </Section>
  );
}
