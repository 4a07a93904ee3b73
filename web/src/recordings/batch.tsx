// What can be done to several selected recordings at once: tag, untag, star, unstar, move out
// of the inbox, reprocess, delete (after a confirmation).
import { useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Confirm, Select, useAction } from '../components/form.tsx';
import type { Tag } from './types.ts';
import { counted } from '../components/words.ts';

interface ItemResult {
  readonly id: number;
  readonly success: boolean;
  readonly error?: string;
}

/**
 * Which recordings were refused and why, the ones refused alike together: ' Not deleted: “c1”,
 * “c2”: The tag "Board" protects this recording from deletion; remove the tag first.' ('' when
 * none was).
 */
function refusals(results: readonly ItemResult[], titleOf: (id: number) => string, not: string): string {
  const byReason = new Map<string, string[]>();
  for (const r of results.filter((x) => !x.success)) {
    const reason = r.error ?? 'refused';
    byReason.set(reason, [...(byReason.get(reason) ?? []), `“${titleOf(r.id)}”`]);
  }
  return [...byReason].map(([reason, titles]) => ` ${not}: ${titles.join(', ')}: ${reason.replace(/\.?$/, '.')}`).join('');
}

/** The batch requests for the selection, each ending in an account passed to onDone (refusals with their reasons). */
function useBatch(ids: readonly number[], titleOf: (id: number) => string, onDone: (message: string) => void) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAction();
  const recording_ids = [...ids];
  const update = (updates: { is_inbox?: boolean; is_highlighted?: boolean; add_tag_ids?: number[]; remove_tag_ids?: number[] }, what: string) =>
    run(async () => {
      const result = await call(api.PATCH('/recordings/batch', { body: { recording_ids, updates } }));
      onDone(`${what}: ${result.updated} updated${result.failed ? `, ${result.failed} failed` : ''}.${refusals(result.results, titleOf, 'Not changed')}`);
    });
  const reprocess = () =>
    run(async () => {
      const result = await call(api.POST('/recordings/batch/transcribe', { body: { recording_ids } }));
      onDone(`Reprocess: ${result.queued} queued${result.failed ? `, ${result.failed} refused` : ''}.${refusals(result.results, titleOf, 'Not queued')}`);
    });
  const remove = () =>
    run(async () => {
      const result = await call(api.DELETE('/recordings/batch', { body: { recording_ids } }));
      setConfirming(false);
      onDone(`Deleted ${result.deleted}${result.failed ? `, ${result.failed} could not be deleted` : ''}.${refusals(result.results, titleOf, 'Not deleted')}`);
    });
  return { busy, error, confirming, setConfirming, update, reprocess, remove };
}

export function BatchBar({ ids, tags, titleOf, onDone }: { ids: readonly number[]; tags: readonly Tag[]; titleOf: (id: number) => string; onDone: (message: string) => void }) {
  const [tagId, setTagId] = useState(tags[0] ? String(tags[0].id) : '');
  const { busy, error, confirming, setConfirming, update, reprocess, remove } = useBatch(ids, titleOf, onDone);
  const tagIds = tagId ? [Number(tagId)] : [];
  return (
    <section class="batch card" aria-label="Selected recordings">
      <p>
        <strong>{ids.length} selected</strong>
      </p>
      <div class="actions">
        {tags.length > 0 && (
          <>
            <Select label="Tag for the selection" value={tagId} options={tags.map((t) => [String(t.id), t.name] as const)} onInput={(e) => setTagId(e.currentTarget.value)} />
            <button type="button" class="secondary" disabled={busy} onClick={() => update({ add_tag_ids: tagIds }, 'Tagged')}>
              Add tag
            </button>
            <button type="button" class="secondary" disabled={busy} onClick={() => update({ remove_tag_ids: tagIds }, 'Untagged')}>
              Remove tag
            </button>
          </>
        )}
        <button type="button" class="secondary" disabled={busy} onClick={() => update({ is_highlighted: true }, 'Starred')}>
          Star
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => update({ is_highlighted: false }, 'Unstarred')}>
          Unstar
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => update({ is_inbox: false }, 'Out of the inbox')}>
          Mark as read
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={reprocess}>
          Reprocess
        </button>
        <button type="button" class="danger" disabled={busy} onClick={() => setConfirming(true)}>
          Delete…
        </button>
      </div>
      {confirming && (
        <Confirm
          question={`Delete ${ids.length === 1 ? '1 recording with its audio, transcript and summary' : `${counted(ids.length, 'recording')} with their audio, transcripts and summaries`}? This cannot be undone.`}
          yes={`Yes, delete ${ids.length}`}
          no="Keep them"
          busy={busy}
          onYes={remove}
          onNo={() => setConfirming(false)}
        />
      )}
      <Alert message={error} />
    </section>
  );
}
