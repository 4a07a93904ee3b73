// The summary (Markdown, rendered through the sanitiser; editable as Markdown) and the notes.
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Section, TextArea, useAction } from '../components/form.tsx';
import { Markdown } from './markdown.tsx';

export function Summary({ id, summary, onSaved }: { id: number; summary: string; onSaved: () => Promise<void> }) {
  const [editing, setEditing] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const save = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await call(api.PUT('/recordings/{id}/summary', { params: { path: { id: String(id) } }, body: { summary: editing ?? '' } }));
      setEditing(null);
      await onSaved();
    });
  };
  return (
    <Section title="Summary">
      {editing === null ? (
        <>
          {summary ? <Markdown text={summary} label="Summary text" title="Summary" /> : <p>No summary yet.</p>}
          <button type="button" class="secondary" onClick={() => setEditing(summary)}>
            Edit summary
          </button>
        </>
      ) : (
        <form onSubmit={save}>
          <TextArea label="Summary (Markdown)" rows={12} maxLength={60000} value={editing} onInput={(e) => setEditing(e.currentTarget.value)} />
          <div class="actions">
            <button type="submit" disabled={busy}>
              Save summary
            </button>
            <button type="button" class="secondary" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <Alert message={error} />
    </Section>
  );
}

export function Notes({ id, notes }: { id: number; notes: string }) {
  const [text, setText] = useState(notes);
  const [saved, setSaved] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  useEffect(() => setText(notes), [notes]);
  const save = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const result = await call(api.PUT('/recordings/{id}/notes', { params: { path: { id: String(id) } }, body: { notes: text } }));
      setText(result.notes);
      setSaved('Notes saved.');
    });
  };
  return (
    <Section title="Notes">
      <form onSubmit={save}>
        <TextArea label="Your notes" rows={5} maxLength={60000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <button type="submit" disabled={busy}>
          Save notes
        </button>
      </form>
      {text && (
        <p class="notes-text" aria-label="Saved notes">
          {text}
        </p>
      )}
      <Alert message={error} />
      <Alert message={saved} kind="info" />
    </Section>
  );
}
