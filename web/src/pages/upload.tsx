// Upload recordings: a file picker (or files dropped on the page), each file with its own
// fields and progress bar; files are sent one after another through the presigned flow.
import { useEffect, useId, useState } from 'preact/hooks';
import { api, call, describeError } from '../api/client.ts';
import type { Tag } from '../recordings/types.ts';
import { FileCard, newEntry, type Entry } from '../upload/file-card.tsx';
import { refusesTheFile, send, unfinished, type UploadFields } from '../upload/transfer.ts';
import { counted } from '../components/words.ts';
import { PageHeading } from '../components/page-heading.tsx';

function fieldsOf(e: Entry): UploadFields {
  return {
    title: e.title.trim() || e.file.name,
    // Wall-clock time as typed, without an offset: the API reads it in time_zone (else in the
    // user's own zone), not in the zone of whichever browser the form was filled in.
    meeting_date: e.meetingDate || undefined,
    ...(e.file.lastModified ? { file_last_modified: e.file.lastModified } : {}),
    ...(e.timeZone.trim() ? { time_zone: e.timeZone.trim() } : {}),
    ...(e.language.trim() ? { language: e.language.trim() } : {}),
    ...(e.minSpeakers ? { min_speakers: Number(e.minSpeakers) } : {}),
    ...(e.maxSpeakers ? { max_speakers: Number(e.maxSpeakers) } : {}),
    ...(e.tagIds.length ? { tag_ids: e.tagIds } : {}),
    ...(e.notes.trim() ? { notes: e.notes } : {}),
  };
}

/** The chosen files and their states; start sends those not sent yet, one after another. */
function useUploads() {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [sending, setSending] = useState(false);

  const add = (files: FileList | null) => {
    const fresh = [...(files ?? [])].map(newEntry);
    setEntries((list) => [...list.filter((e) => e.state !== 'done'), ...fresh.filter((f) => !list.some((e) => e.key === f.key))]);
  };
  const patch = (key: string, change: Partial<Entry>) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));
  const remove = (key: string) => setEntries((list) => list.filter((x) => x.key !== key));

  async function start() {
    setSending(true);
    for (const e of entries.filter((x) => x.state === 'ready' || x.state === 'failed')) {
      patch(e.key, { state: 'sending', error: null, sent: 0 });
      try {
        const created = await send(e.file, fieldsOf(e), (sent, _total, note) => patch(e.key, note === undefined ? { sent } : { sent, note: note || null }));
        patch(e.key, { state: 'done', sent: e.file.size, created });
      } catch (failure) {
        patch(e.key, { state: refusesTheFile(failure) ? 'refused' : 'failed', error: describeError(failure) });
      }
    }
    setSending(false);
  }

  const waiting = entries.filter((e) => e.state === 'ready' || e.state === 'failed').length;
  return { entries, sending, waiting, add, patch, remove, start };
}

export function Upload() {
  const inputId = useId();
  const { entries, sending, waiting, add, patch, remove, start } = useUploads();
  const [tags, setTags] = useState<Tag[]>([]);
  const [dragging, setDragging] = useState(false);
  const [pending] = useState(unfinished);
  useEffect(() => void call(api.GET('/tags')).then((t) => setTags(t.tags), () => undefined), []);

  return (
    <>
      <PageHeading text="Upload recordings" />
      {pending.length > 0 && (
        <div class="alert warning" role="status">
          Unfinished uploads: {pending.map((p) => `${p.name} (${p.done} of ${p.parts} parts sent)`).join(', ')}. Choose the same file again to resume it.
        </div>
      )}
      <div
        class={`drop card${dragging ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          add(e.dataTransfer?.files ?? null);
        }}
      >
        <label for={inputId}>Upload recordings</label>
        <input id={inputId} type="file" multiple accept="audio/*,video/*" aria-describedby={`${inputId}-hint`} onChange={(e) => add(e.currentTarget.files)} />
        <p id={`${inputId}-hint`} class="hint">
          Choose one or more audio or video files, or drop them here. Large files are sent in parts and can be resumed after a reload.
        </p>
      </div>
      <ul class="uploads">
        {entries.map((e) => (
          <FileCard key={e.key} entry={e} tags={tags} onChange={(c) => patch(e.key, c)} onRemove={() => remove(e.key)} />
        ))}
      </ul>
      {waiting > 0 && (
        <button type="button" disabled={sending} onClick={start}>
          Upload {counted(waiting, 'file')}
        </button>
      )}
    </>
  );
}
