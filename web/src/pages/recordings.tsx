// Your recordings: search, filters, sort, pages; status chips that follow processing; star and
// inbox toggles; several selected at once for the batch operations.
import { useLocation } from 'preact-iso';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, useAction } from '../components/form.tsx';
import { DataTable } from '../components/table.tsx';
import { useRecordingZone, zonedTime } from '../recording/clock.ts';
import { BatchBar } from '../recordings/batch.tsx';
import { LibrarySearch } from '../recordings/library-search.tsx';
import { FilterBar, fromAddress, isUnfiltered, toAddress, toQuery, type Filters } from '../recordings/filters.tsx';
import { usePolling } from '../recordings/poll.ts';
import { StatusChip } from '../recordings/status.tsx';
import { isWorking, type ListPage, type RecordingRow, type Tag } from '../recordings/types.ts';
import { PageHeading } from '../components/page-heading.tsx';

export function Recordings() {
  // The address holds the filters and page (filters.tsx): a change replaces it, Back and a
  // reload read it, and "Recordings" in the menu shows the list unfiltered.
  const { url, path, route } = useLocation();
  const { filters, page } = useMemo(() => fromAddress(new URL(url, location.origin).search), [url]);
  const show = (f: Filters, p: number) => route(`${path}${toAddress(f, p)}`, true);
  const [list, setList] = useState<ListPage | null>(null);
  const [tags, setTags] = useState<Tag[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const { error, run } = useAction();

  // Answers can arrive out of order (typing in the search box, a poll): only the latest request's is shown.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const answer = await call(api.GET('/recordings', { params: { query: toQuery(filters, page) } }));
    if (request === latest.current) setList(answer);
  }, [filters, page]);
  useEffect(() => void run(load), [load]);
  // A star, a batch action: reload with the filters chosen by the time it is done, not those of
  // the render that started it (a reload from then would show the old filters' list).
  const current = useRef(load);
  current.current = load;
  const reload = () => run(() => current.current());
  useEffect(() => void call(api.GET('/tags')).then((t) => setTags(t.tags), () => undefined), []);
  usePolling(list?.recordings.some((r) => isWorking(r.status)) ?? false, load);

  const choose = (f: Filters) => {
    show(f, 1);
    setSelected(new Set());
  };
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? new Set([...s, id]) : new Set([...s].filter((x) => x !== id))));
  const rows = list?.recordings ?? [];
  const afterBatch = (message: string) => {
    setNotice(message);
    setSelected(new Set());
    void reload();
  };

  return (
    <>
      <div class="title-row">
        <PageHeading text="Recordings" />
        <a class="button" href="/upload">
          Upload recordings
        </a>
      </div>
      <LibrarySearch />
      <FilterBar filters={filters} tags={tags} onChange={choose} />
      <Alert message={error} />
      <Alert message={notice} kind="info" />
      {selected.size > 0 && <BatchBar ids={[...selected]} tags={tags} titleOf={(id) => rows.find((r) => r.id === id)?.title ?? `#${id}`} onDone={afterBatch} />}
      {list && rows.length === 0 && <p>{isUnfiltered(filters) ? 'No recordings yet. Upload one to begin.' : 'No recording matches these filters.'}</p>}
      {rows.length > 0 && (
        <DataTable caption="Your recordings" columns={['Select', 'Title', 'Status', 'Meeting date', 'Tags']} actions>
          {rows.map((r) => (
            <Row key={r.id} recording={r} selected={selected.has(r.id)} onSelect={(on) => toggle(r.id, on)} onChanged={reload} />
          ))}
        </DataTable>
      )}
      {list && list.pagination.total_pages > 1 && <Pager pagination={list.pagination} onPage={(step) => show(filters, page + step)} />}
    </>
  );
}

/** Previous and next page, with where the list is. */
function Pager({ pagination: p, onPage }: { pagination: ListPage['pagination']; onPage: (step: -1 | 1) => void }) {
  return (
    <nav class="pages" aria-label="Pages">
      <button type="button" class="secondary" disabled={!p.has_prev} onClick={() => onPage(-1)}>
        Previous page
      </button>
      <span aria-live="polite">
        Page {p.page} of {p.total_pages} ({p.total} recordings)
      </span>
      <button type="button" class="secondary" disabled={!p.has_next} onClick={() => onPage(1)}>
        Next page
      </button>
    </nav>
  );
}

function Row({ recording: r, selected, onSelect, onChanged }: { recording: RecordingRow; selected: boolean; onSelect: (on: boolean) => void; onChanged: () => Promise<void> }) {
  const zone = useRecordingZone(r);
  const flip = async (patch: { is_highlighted?: boolean; is_inbox?: boolean }) => {
    await call(api.PATCH('/recordings/{id}', { params: { path: { id: String(r.id) } }, body: patch }));
    await onChanged();
  };
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={`Select ${r.title}`} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} />
      </td>
      <td>
        <a href={`/recordings/${r.id}`}>{r.title}</a>
        {r.is_inbox && <span class="chip">new</span>}
        {r.participants && (
          <small class="participants">
            <span class="sr-only">Participants: </span>
            {r.participants}
          </small>
        )}
      </td>
      <td>
        <StatusChip status={r.status} />
        {r.status === 'FAILED' && r.error_message && <small class="failure">{r.error_message}</small>}
      </td>
      <td>{zonedTime(r.meeting_date, zone)}</td>
      <td>
        {r.tags.map((t) => (
          <span key={t.id} class="chip tag" style={{ borderColor: t.color }}>
            {t.name}
          </span>
        ))}
      </td>
      <td class="toggles">
        <button type="button" class="icon" aria-pressed={r.is_highlighted} aria-label={`Star ${r.title}`} onClick={() => flip({ is_highlighted: !r.is_highlighted })}>
          {r.is_highlighted ? '★' : '☆'}
        </button>
        <button type="button" class="icon" aria-pressed={r.is_inbox} aria-label={`${r.title} in the inbox`} onClick={() => flip({ is_inbox: !r.is_inbox })}>
          ✉
        </button>
      </td>
    </tr>
  );
}
