// Calendar events with their .ics file, transcript downloads, processing again (transcription,
// or the summary with a custom prompt), and deleting the recording.
import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Confirm, Section, TextArea, useAction } from '../components/form.tsx';
import type { CalendarEvent, Recording } from '../recordings/types.ts';
import { useRecordingZone, zonedTime } from './details.tsx';

/** The events found in the recording, on its own clocks: "at three" said in a meeting meant its zone's three. */
export function Events({ recording }: { recording: Recording }) {
  const { id, status, has_summary } = recording;
  const zone = useRecordingZone(recording);
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  useEffect(() => void call(api.GET('/recordings/{id}/events', { params: { path: { id: String(id) } } })).then((r) => setEvents(r.events), () => undefined), [id, status, has_summary]);
  return (
    <Section title="Calendar events">
      {events.length === 0 ? (
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

export function Processing({ id, onQueued }: { id: number; onQueued: () => Promise<void> }) {
  const [prompt, setPrompt] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [queued, setQueued] = useState<string | null>(null);
  const { route } = useLocation();
  const { busy, error, run } = useAction();
  const path = { params: { path: { id: String(id) } } };
  const transcribe = () =>
    run(async () => {
      setQueued((await call(api.POST('/recordings/{id}/transcribe', { ...path, body: {} }))).message);
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
