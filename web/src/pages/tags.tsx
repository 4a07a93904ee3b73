// Tags: create, edit (name, colour, summary prompt, defaults for new uploads, protection from
// deletion) and delete (after a confirmation).
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Check, Confirm, Field, Section, TextArea, useAction } from '../components/form.tsx';
import type { Tag } from '../recordings/types.ts';
import { PageHeading } from '../components/page-heading.tsx';

interface Draft {
  name: string;
  color: string;
  custom_prompt: string;
  default_language: string;
  default_min_speakers: string;
  default_max_speakers: string;
  protect_from_deletion: boolean;
}

const EMPTY: Draft = { name: '', color: '#1d4ed8', custom_prompt: '', default_language: '', default_min_speakers: '', default_max_speakers: '', protect_from_deletion: false };
const draftOf = (t: Tag): Draft => ({
  name: t.name,
  color: t.color,
  custom_prompt: t.custom_prompt ?? '',
  default_language: t.default_language ?? '',
  default_min_speakers: t.default_min_speakers ? String(t.default_min_speakers) : '',
  default_max_speakers: t.default_max_speakers ? String(t.default_max_speakers) : '',
  protect_from_deletion: t.protect_from_deletion,
});
const bodyOf = (d: Draft) => ({
  name: d.name.trim(),
  color: d.color,
  protect_from_deletion: d.protect_from_deletion,
  ...(d.custom_prompt.trim() ? { custom_prompt: d.custom_prompt } : {}),
  ...(d.default_language.trim() ? { default_language: d.default_language.trim() } : {}),
  ...(d.default_min_speakers ? { default_min_speakers: Number(d.default_min_speakers) } : {}),
  ...(d.default_max_speakers ? { default_max_speakers: Number(d.default_max_speakers) } : {}),
});

export function Tags() {
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const { busy, error, run } = useAction();
  const reload = async () => setTags((await call(api.GET('/tags'))).tags);
  useEffect(() => void run(reload), []);
  const remove = (t: Tag) =>
    run(async () => {
      await call(api.DELETE('/tags/{id}', { params: { path: { id: String(t.id) } } }));
      setDeleting(null);
      await reload();
    });
  return (
    <>
      <PageHeading text="Tags" />
      <button type="button" onClick={() => setEditing('new')}>
        New tag
      </button>
      {editing && (
        <TagForm
          // One form per tag: its fields start from that tag, not from the one open before.
          key={editing === 'new' ? 'new' : editing.id}
          tag={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onDone={async () => {
            setEditing(null);
            await reload();
          }}
        />
      )}
      <Alert message={error} />
      {tags?.length === 0 && !editing && <p>No tags yet. A tag groups recordings, and can carry a summary prompt and defaults for the recordings you upload with it.</p>}
      <ul class="items">
        {(tags ?? []).map((t) => (
          <TagItem key={t.id} tag={t} busy={busy} onEdit={() => setEditing(t)} onDelete={() => setDeleting(t)}>
            {deleting?.id === t.id && (
              <Confirm
                question={`Delete the tag ${t.name}? It is taken off every recording that carries it. This cannot be undone.`}
                yes={`Yes, delete ${t.name}`}
                no="Keep it"
                busy={busy}
                onYes={() => void remove(t)}
                onNo={() => setDeleting(null)}
              />
            )}
          </TagItem>
        ))}
      </ul>
    </>
  );
}

function TagItem({ tag: t, busy, onEdit, onDelete, children }: { tag: Tag; busy: boolean; onEdit: () => void; onDelete: () => void; children: ComponentChildren }) {
  return (
    <li class="card">
      <span class="swatch" style={{ background: t.color }} aria-hidden="true" /> <strong>{t.name}</strong>
      {t.protect_from_deletion && <span class="chip">protected</span>}
      {t.custom_prompt && <p class="hint">Summary prompt: {t.custom_prompt}</p>}
      {t.can_edit && (
        <div class="actions">
          <button type="button" class="secondary" onClick={onEdit}>
            Edit {t.name}
          </button>
          <button type="button" class="danger" disabled={busy} onClick={onDelete}>
            Delete {t.name}
          </button>
        </div>
      )}
      {children}
    </li>
  );
}

function TagForm({ tag, onDone, onCancel }: { tag: Tag | null; onDone: () => Promise<void>; onCancel: () => void }) {
  const [d, setD] = useState<Draft>(tag ? draftOf(tag) : EMPTY);
  const { busy, error, run } = useAction();
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  const save = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      if (tag) await call(api.PATCH('/tags/{id}', { params: { path: { id: String(tag.id) } }, body: bodyOf(d) }));
      else await call(api.POST('/tags', { body: bodyOf(d) }));
      await onDone();
    });
  };
  return (
    <Section title={tag ? `Edit tag ${tag.name}` : 'New tag'}>
      <form onSubmit={save}>
        <Field label="Tag name" required maxLength={100} value={d.name} onInput={(e) => set({ name: e.currentTarget.value })} />
        <div class="field">
          <label for="tag-color">Colour</label>
          <input id="tag-color" type="color" value={d.color} onInput={(e) => set({ color: e.currentTarget.value })} />
        </div>
        <TextArea label="Summary prompt for recordings with this tag" rows={3} maxLength={10000} value={d.custom_prompt} onInput={(e) => set({ custom_prompt: e.currentTarget.value })} />
        <Field label="Default language" value={d.default_language} onInput={(e) => set({ default_language: e.currentTarget.value })} />
        <Field label="Default fewest speakers" type="number" min={1} max={20} value={d.default_min_speakers} onInput={(e) => set({ default_min_speakers: e.currentTarget.value })} />
        <Field label="Default most speakers" type="number" min={1} max={20} value={d.default_max_speakers} onInput={(e) => set({ default_max_speakers: e.currentTarget.value })} />
        <Check label="Protect its recordings from deletion" checked={d.protect_from_deletion} onChange={(e) => set({ protect_from_deletion: e.currentTarget.checked })} />
        <button type="submit" disabled={busy}>
          Save tag
        </button>{' '}
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </form>
      <Alert message={error} />
    </Section>
  );
}
