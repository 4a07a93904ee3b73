// The recording's speaker labels, each with the library's suggestions (name and similarity),
// named from a suggestion, the library or a new name; optionally the summary is written again.
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Check, Section, useAction } from '../components/form.tsx';
import type { LibrarySpeaker } from '../recordings/types.ts';
import { counted } from '../components/words.ts';

interface Label {
  label: string;
  identified_name: string;
  speaker_id: number;
  segment_count: number;
}
type Suggestion = { speaker_id: number; name: string; similarity: number };

export function Speakers({ id, onNamed }: { id: number; onNamed: () => Promise<void> }) {
  const [labels, setLabels] = useState<Label[]>([]);
  const [suggestions, setSuggestions] = useState<Record<string, Suggestion[]>>({});
  const [library, setLibrary] = useState<LibrarySpeaker[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  const [regenerate, setRegenerate] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const path = { params: { path: { id: String(id) } } };

  const load = async () => {
    const found = await call(api.GET('/recordings/{id}/speakers', path));
    setLabels(found.speakers as Label[]);
    setSuggestions(found.suggestions as Record<string, Suggestion[]>);
    setNames(Object.fromEntries((found.speakers as Label[]).map((s) => [s.label, s.identified_name ?? ''])));
    setLibrary((await call(api.GET('/speakers'))).speakers);
  };
  useEffect(() => void run(load), [id]);

  const save = (event: Event) => {
    event.preventDefault();
    const speaker_map = Object.fromEntries(Object.entries(names).filter(([label, name]) => name.trim() && name.trim() !== labels.find((l) => l.label === label)?.identified_name).map(([l, n]) => [l, n.trim()]));
    void run(async () => {
      const result = await call(api.PUT('/recordings/{id}/speakers/assign', { ...path, body: { speaker_map, regenerate_summary: regenerate } }));
      setDone(`Saved. Participants: ${result.recording.participants || '—'}${result.summary_queued ? '; the summary is being written again' : ''}.`);
      await load();
      await onNamed();
    });
  };

  if (labels.length === 0) return null;
  return (
    <Section title="Speakers">
      <form onSubmit={save}>
        <datalist id="library-speakers">
          {library.map((s) => (
            <option key={s.id} value={s.name} />
          ))}
        </datalist>
        {labels.map((l) => (
          <div class="speaker-row" key={l.label}>
            <label for={`name-${l.label}`}>
              {l.label} <small class="hint">({counted(l.segment_count, 'segment')})</small>
            </label>
            <input id={`name-${l.label}`} list="library-speakers" maxLength={100} value={names[l.label] ?? ''} onInput={(e) => setNames({ ...names, [l.label]: e.currentTarget.value })} />
            {(suggestions[l.label] ?? []).filter((s) => s.name !== names[l.label]?.trim()).map((s) => (
              <button key={s.speaker_id} type="button" class="secondary" onClick={() => setNames({ ...names, [l.label]: s.name })}>
                Use {s.name} ({Math.round(s.similarity)} %)
              </button>
            ))}
          </div>
        ))}
        <Check label="Write the summary again with these names" checked={regenerate} onChange={(e) => setRegenerate(e.currentTarget.checked)} />
        <button type="submit" disabled={busy}>
          Save speaker names
        </button>
      </form>
      <Alert message={error} />
      <Alert message={done} kind="info" />
    </Section>
  );
}
