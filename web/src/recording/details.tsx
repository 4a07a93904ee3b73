// The recording's own details, edited in one form: title, participants (who can own action
// items) and meeting date (what spoken dates are read against). The date is typed as
// wall-clock time in the recording's time zone, which is how the API reads a date without an offset.
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Field, useAction } from '../components/form.tsx';
import type { Recording } from '../recordings/types.ts';
import { useRecordingZone, wallTime } from './clock.ts';

interface Values {
  title: string;
  participants: string;
  meetingDate: string;
}

export function DetailsForm({ recording: r, onChanged }: { recording: Recording; onChanged: () => Promise<void> }) {
  const zone = useRecordingZone(r);
  const saved: Values = { title: r.title, participants: r.participants, meetingDate: wallTime(r.meeting_date, zone) };
  const [form, setForm] = useState<Values>(saved);
  const { busy, error, run } = useAction();
  useEffect(() => setForm(saved), [r.title, r.participants, r.meeting_date, zone]);
  const set = (key: keyof Values) => (e: { currentTarget: HTMLInputElement }) => setForm({ ...form, [key]: e.currentTarget.value });

  const changed = {
    ...(form.title !== saved.title ? { title: form.title } : {}),
    ...(form.participants !== saved.participants ? { participants: form.participants } : {}),
    ...(form.meetingDate !== saved.meetingDate && form.meetingDate ? { meeting_date: form.meetingDate } : {}),
  };
  const save = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await call(api.PATCH('/recordings/{id}', { params: { path: { id: String(r.id) } }, body: changed }));
      await onChanged();
    });
  };

  return (
    <details class="edit-details">
      <summary>Edit title, participants or meeting date</summary>
      <form onSubmit={save}>
        <Field label="Title" required maxLength={500} value={form.title} onInput={set('title')} />
        <Field label="Participants" maxLength={2000} hint="Names, separated by commas: they can own action items." value={form.participants} onInput={set('participants')} />
        <Field label="Meeting date" type="datetime-local" required hint={`Time in ${zone}, the recording's time zone. "Summarize again" reads spoken dates against a new date.`} value={form.meetingDate} onInput={set('meetingDate')} />
        <Alert message={error} />
        <button type="submit" disabled={busy || Object.keys(changed).length === 0}>
          Save details
        </button>
      </form>
    </details>
  );
}
