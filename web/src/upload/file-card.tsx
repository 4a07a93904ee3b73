// One chosen file: its fields (title, meeting date, time zone, language, speakers, tags, notes), then its
// progress bar while it is sent, and a link to the recording or the reason it was refused.
import { useId } from 'preact/hooks';
import { Check, Field, TextArea } from '../components/form.tsx';
import type { Tag } from '../recordings/types.ts';
import type { Created } from './transfer.ts';
import { humanSize } from '../../../shared/domain/recordings/statistics.ts';

export interface Entry {
  readonly key: string;
  readonly file: File;
  title: string;
  meetingDate: string;
  timeZone: string;
  language: string;
  minSpeakers: string;
  maxSpeakers: string;
  tagIds: number[];
  notes: string;
  sent: number;
  /** failed: may be sent again (after a field is corrected); refused: the file itself cannot be taken. */
  state: 'ready' | 'sending' | 'done' | 'failed' | 'refused';
  note: string | null;
  error: string | null;
  created: Created | null;
}

/** A datetime-local value in the browser's time zone. */
const local = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export function newEntry(file: File): Entry {
  return {
    key: `${file.name}:${file.size}:${file.lastModified}`,
    file,
    title: file.name.replace(/\.[^.]+$/, ''),
    meetingDate: local(file.lastModified || Date.now()),
    // The browser's zone: spoken times ("tomorrow at 3 pm") are read in it.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language: '',
    minSpeakers: '',
    maxSpeakers: '',
    tagIds: [],
    notes: '',
    sent: 0,
    state: 'ready',
    note: null,
    error: null,
    created: null,
  };
}


/** The tags to put on the recording: a row of checkboxes of their own. */
function TagChoices({ tags, chosen, onChange }: { tags: readonly Tag[]; chosen: readonly number[]; onChange: (tagIds: number[]) => void }) {
  if (tags.length === 0) return null;
  return (
    <fieldset class="choices">
      <legend>Tags</legend>
      {tags.map((t) => (
        <Check key={t.id} label={`Tag ${t.name}`} checked={chosen.includes(t.id)} onChange={(ev) => onChange(ev.currentTarget.checked ? [...chosen, t.id] : chosen.filter((x) => x !== t.id))} />
      ))}
    </fieldset>
  );
}

export function FileCard({ entry: e, tags, onChange, onRemove }: { entry: Entry; tags: readonly Tag[]; onChange: (patch: Partial<Entry>) => void; onRemove: () => void }) {
  const id = useId();
  const editable = e.state === 'ready' || e.state === 'failed';
  const percent = e.file.size ? Math.round((e.sent / e.file.size) * 100) : 0;
  return (
    <li class="card upload" aria-labelledby={id}>
      <h2 id={id}>
        {e.file.name} <small class="hint">({humanSize(e.file.size)})</small>
      </h2>
      <fieldset disabled={!editable}>
        <legend class="sr-only">Details of {e.file.name}</legend>
        <Field label="Title" value={e.title} maxLength={300} onInput={(ev) => onChange({ title: ev.currentTarget.value })} />
        <Field label="Meeting date" type="datetime-local" value={e.meetingDate} onInput={(ev) => onChange({ meetingDate: ev.currentTarget.value })} />
        <Field
          label="Time zone (IANA name, e.g. Europe/Berlin)"
          hint="The meeting date and the times said in the recording are read in this zone (blank: the one in your settings)."
          value={e.timeZone}
          maxLength={64}
          onInput={(ev) => onChange({ timeZone: ev.currentTarget.value })}
        />
        <Field label="Language (e.g. en, blank to detect)" value={e.language} maxLength={10} onInput={(ev) => onChange({ language: ev.currentTarget.value })} />
        <Field label="Fewest speakers" type="number" min={1} max={20} value={e.minSpeakers} onInput={(ev) => onChange({ minSpeakers: ev.currentTarget.value })} />
        <Field label="Most speakers" type="number" min={1} max={20} value={e.maxSpeakers} onInput={(ev) => onChange({ maxSpeakers: ev.currentTarget.value })} />
        <TextArea label="Notes" rows={2} value={e.notes} onInput={(ev) => onChange({ notes: ev.currentTarget.value })} />
        <TagChoices tags={tags} chosen={e.tagIds} onChange={(tagIds) => onChange({ tagIds })} />
      </fieldset>
      {e.state !== 'ready' && (
        <div class="progress">
          <progress id={`${id}-bar`} max={100} value={percent} aria-label={`Upload of ${e.file.name}`} />
          <span>{percent} %</span>
        </div>
      )}
      {e.note && <p role="status">{e.note}</p>}
      {e.error && (
        <p class="alert error" role="alert">
          {e.file.name}: {e.error}
        </p>
      )}
      {e.created && (
        <p role="status">
          Uploaded: <a href={`/recordings/${e.created.id}`}>{e.created.title}</a>
          {e.created.duplicate_warning && ` (${e.created.duplicate_warning.message})`}
        </p>
      )}
      {(editable || e.state === 'refused') && (
        <button type="button" class="secondary" onClick={onRemove}>
          Remove {e.file.name}
        </button>
      )}
    </li>
  );
}
