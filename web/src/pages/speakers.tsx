// The speaker library: add, rename (the new name reaches every transcript it is in) and delete
// (after a confirmation).
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Confirm, Field, useAction, when } from '../components/form.tsx';
import { DataTable } from '../components/table.tsx';
import type { LibrarySpeaker } from '../recordings/types.ts';
import { counted } from '../components/words.ts';
import { PageHeading } from '../components/page-heading.tsx';

export function SpeakersPage() {
  const [speakers, setSpeakers] = useState<LibrarySpeaker[] | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<LibrarySpeaker | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const reload = async () => setSpeakers((await call(api.GET('/speakers'))).speakers);
  useEffect(() => void run(reload), []);

  const rename = (event: Event) => {
    event.preventDefault();
    if (!renaming) return;
    void run(async () => {
      const result = await call(api.PUT('/speakers/{id}', { params: { path: { id: String(renaming.id) } }, body: { name: renaming.name.trim() } }));
      setNotice(`Renamed to ${result.speaker.name}: ${result.cascade === 'done' ? `${counted(result.recordings_updated, 'recording')} updated` : 'recordings are being updated'}.`);
      setRenaming(null);
      await reload();
    });
  };
  const remove = (s: LibrarySpeaker) =>
    run(async () => {
      await call(api.DELETE('/speakers/{id}', { params: { path: { id: String(s.id) } } }));
      setDeleting(null);
      await reload();
    });

  return (
    <>
      <PageHeading text="Speakers" />
      <AddForm onAdded={reload} />
      <Alert message={error} />
      <Alert message={notice} kind="info" />
      {deleting && (
        <Confirm
          key={deleting.id}
          question={`Delete ${deleting.name} and their voice profile from your library? Transcripts keep the name as text. This cannot be undone.`}
          yes={`Yes, delete ${deleting.name}`}
          no="Keep them"
          busy={busy}
          onYes={() => void remove(deleting)}
          onNo={() => setDeleting(null)}
        />
      )}
      {renaming && <RenameForm name={renaming.name} busy={busy} onInput={(next) => setRenaming({ ...renaming, name: next })} onSubmit={rename} onCancel={() => setRenaming(null)} />}
      {speakers?.length === 0 && <p>No speakers yet. When you name a voice on a recording's page, the speaker is kept here, and later recordings with that voice suggest the name.</p>}
      {speakers && speakers.length > 0 && (
        <DataTable caption="Your speakers" columns={['Name', 'Recordings', 'Voice profile', 'Last named']} actions>
          {speakers.map((s) => (
            <SpeakerRow key={s.id} speaker={s} busy={busy} onRename={() => setRenaming({ id: s.id, name: s.name })} onDelete={() => setDeleting(s)} />
          ))}
        </DataTable>
      )}
    </>
  );
}

function AddForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const add = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await call(api.POST('/speakers', { body: { name: name.trim() } }));
      setName('');
      await onAdded();
    });
  };
  return (
    <form class="inline" onSubmit={add}>
      <Field label="New speaker's name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <button type="submit" disabled={busy}>
        Add speaker
      </button>
      <Alert message={error} />
    </form>
  );
}

function RenameForm({ name, busy, onInput, onSubmit, onCancel }: { name: string; busy: boolean; onInput: (name: string) => void; onSubmit: (event: Event) => void; onCancel: () => void }) {
  return (
    <form class="inline card" onSubmit={onSubmit}>
      <Field label="New name" required maxLength={100} value={name} onInput={(e) => onInput(e.currentTarget.value)} />
      <button type="submit" disabled={busy}>
        Save name
      </button>
      <button type="button" class="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function SpeakerRow({ speaker: s, busy, onRename, onDelete }: { speaker: LibrarySpeaker; busy: boolean; onRename: () => void; onDelete: () => void }) {
  return (
    <tr>
      <td>{s.name}</td>
      <td>{s.use_count}</td>
      <td>{s.has_voice_profile ? `yes (${s.embedding_count} ${s.embedding_count === 1 ? 'sample' : 'samples'})` : 'no'}</td>
      <td>{when(s.last_used)}</td>
      <td class="actions">
        <button type="button" class="secondary" onClick={onRename}>
          Rename {s.name}
        </button>
        <button type="button" class="danger" disabled={busy} onClick={onDelete}>
          Delete {s.name}
        </button>
      </td>
    </tr>
  );
}
