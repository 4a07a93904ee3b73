// The recording's header: its title, status with queue position or progress and time left,
// meeting date (on the recording's clocks), participants and tags (added and removed here),
// then the form that edits the title, participants and meeting date (details.tsx).
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Select, useAction } from '../components/form.tsx';
import { StatusChip } from '../recordings/status.tsx';
import { useRecordingZone, zonedTime } from './clock.ts';
import { DetailsForm } from './details.tsx';
import { isWorking, type Recording, type Tag } from '../recordings/types.ts';
import { PageHeading } from '../components/page-heading.tsx';

/** From the status route while the recording is worked on. */
export interface Progress {
  readonly queue: number | null;
  /** Percent of the audio transcribed. */
  readonly percent: number | null;
  readonly eta: number | null;
}

function progressText(p: Progress): string {
  if (p.percent !== null) return ` ${Math.round(p.percent)} %${p.eta !== null ? `, about ${p.eta < 60 ? `${p.eta} s` : `${Math.round(p.eta / 60)} min`} left` : ''}`;
  return p.queue ? ` position ${p.queue} in the queue` : '';
}

export function Header({ recording: r, progress, onChanged }: { recording: Recording; progress: Progress; onChanged: () => Promise<void> }) {
  const [tags, setTags] = useState<Tag[]>([]);
  const [tagId, setTagId] = useState('');
  const { busy, error, run } = useAction();
  const path = { params: { path: { id: String(r.id) } } };
  useEffect(() => void call(api.GET('/tags')).then((t) => setTags(t.tags), () => undefined), []);

  const addTag = () =>
    run(async () => {
      if (tagId) await call(api.POST('/recordings/{id}/tags', { ...path, body: { tag_id: Number(tagId) } }));
      await onChanged();
    });
  const dropTag = (id: number) =>
    run(async () => {
      await call(api.DELETE('/recordings/{id}/tags/{tag_id}', { params: { path: { id: String(r.id), tag_id: String(id) } } }));
      await onChanged();
    });
  const free = tags.filter((t) => !r.tags.some((x) => x.id === t.id));

  return (
    <header class="recording-head">
      <PageHeading text={r.title} />
      <Facts recording={r} progress={progress} onDropTag={dropTag} />
      <DetailsForm recording={r} onChanged={onChanged} />
      {free.length > 0 && (
        <div class="inline">
          <Select label="Add a tag" value={tagId} options={[['', 'Choose a tag'], ...free.map((t) => [String(t.id), t.name] as const)]} onInput={(e) => setTagId(e.currentTarget.value)} />
          <button type="button" class="secondary" disabled={busy || !tagId} onClick={addTag}>
            Add tag
          </button>
        </div>
      )}
      <Alert message={error} />
    </header>
  );
}

/** Status, meeting date, participants and tags, each tag with its remove button. */
function Facts({ recording: r, progress, onDropTag }: { recording: Recording; progress: Progress; onDropTag: (id: number) => void }) {
  const zone = useRecordingZone(r);
  return (
    <dl class="facts">
      <dt>Status</dt>
      <dd>
        <div role="status">
          <StatusChip status={r.status} />
          {isWorking(r.status) ? progressText(progress) : ''}
          {r.status === 'FAILED' && <p class="alert error">{r.error_message ?? 'Processing failed.'}</p>}
        </div>
      </dd>
      <dt>Meeting date</dt>
      <dd>{zonedTime(r.meeting_date, zone)}</dd>
      <dt>Participants</dt>
      <dd>{r.participants || '—'}</dd>
      <dt>Tags</dt>
      <dd>
        {r.tags.length === 0 && '—'}
        {r.tags.map((t) => (
          <span key={t.id} class="chip tag" style={{ borderColor: t.color }}>
            {t.name}{' '}
            <button type="button" class="icon" aria-label={`Remove tag ${t.name}`} onClick={() => onDropTag(t.id)}>
              ×
            </button>
          </span>
        ))}
      </dd>
    </dl>
  );
}
