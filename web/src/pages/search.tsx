// Library search: the words asked for across every recording's transcript, title, notes and
// summary, grouped by recording; each hit opens its recording with the audio at its moment.
import { useLocation } from 'preact-iso';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Field, useAction } from '../components/form.tsx';
import { useRecordingZone, zonedTime } from '../recording/clock.ts';
import { HitText } from '../recordings/hit-text.tsx';
import { clock, hitLink, type SearchHit, type SearchResult } from '../recordings/types.ts';
import { counted } from '../components/words.ts';
import { PageHeading } from '../components/page-heading.tsx';

interface Group {
  readonly id: number;
  readonly title: string;
  readonly meetingDate: string;
  readonly timeZone: string | null;
  readonly hits: SearchHit[];
}

function grouped(hits: readonly SearchHit[]): Group[] {
  const groups = new Map<number, Group>();
  for (const hit of hits) {
    const group = groups.get(hit.recording_id) ?? { id: hit.recording_id, title: hit.title, meetingDate: hit.meeting_date, timeZone: hit.time_zone, hits: [] };
    group.hits.push(hit);
    groups.set(hit.recording_id, group);
  }
  return [...groups.values()];
}

export function SearchPage() {
  const { query, route } = useLocation();
  const asked = query.q ?? '';
  const page = Math.max(1, Number(query.page) || 1);
  const [words, setWords] = useState(asked);
  const [result, setResult] = useState<SearchResult | null>(null);
  const { busy, error, run } = useAction();
  const latest = useRef(0);
  useEffect(() => setWords(asked), [asked]);
  useEffect(() => {
    if (!asked.trim()) return setResult(null);
    const request = ++latest.current;
    void run(async () => {
      const answer = await call(api.GET('/search', { params: { query: { q: asked, page: String(page), per_page: '20' } } }));
      if (request === latest.current) setResult(answer);
    });
  }, [asked, page]);
  const go = (q: string, p = 1) => route(`/search?q=${encodeURIComponent(q)}${p > 1 ? `&page=${p}` : ''}`);

  return (
    <>
      <PageHeading text="Search" />
      <form
        role="search"
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          go(words.trim());
        }}
      >
        <Field label="Search every recording" type="search" value={words} maxLength={500} onInput={(e) => setWords(e.currentTarget.value)} hint='All words must match, in any form (hiring finds hire); "exact phrases" and prefixes (budg*) work' />
        <button type="submit" disabled={busy || !words.trim()}>
          Search
        </button>
      </form>
      <Alert message={error} />
      {result && <Results result={result} onPage={(p) => go(asked, p)} />}
    </>
  );
}

function Results({ result, onPage }: { result: SearchResult; onPage: (page: number) => void }) {
  const { pagination } = result;
  if (result.hits.length === 0) return <p>Nothing found for “{result.query}”.</p>;
  return (
    <>
      <p aria-live="polite">
        {counted(pagination.total, 'passage')} found.
      </p>
      {grouped(result.hits).map((g) => (
        <HitGroup key={g.id} group={g} />
      ))}
      {pagination.total_pages > 1 && (
        <nav aria-label="Result pages" class="pages">
          <button type="button" class="secondary" disabled={!pagination.has_prev} onClick={() => onPage(pagination.page - 1)}>
            Previous
          </button>
          <span>
            Page {pagination.page} of {pagination.total_pages}
          </span>
          <button type="button" class="secondary" disabled={!pagination.has_next} onClick={() => onPage(pagination.page + 1)}>
            Next
          </button>
        </nav>
      )}
    </>
  );
}

/** One recording's hits, under its title and meeting date on the recording's own clock (as in the list). */
function HitGroup({ group: g }: { group: Group }) {
  const zone = useRecordingZone({ time_zone: g.timeZone });
  return (
    <section class="card" aria-labelledby={`hits-${g.id}`}>
      <h2 id={`hits-${g.id}`}>
        <a href={`/recordings/${g.id}`}>{g.title}</a> <small class="hint">{zonedTime(g.meetingDate, zone)}</small>
      </h2>
      <ul class="hits">
        {g.hits.map((hit) => (
          <li key={`${hit.field}-${hit.segment_index}`}>
            <a href={hitLink(hit)} aria-label={hit.start_time === null ? `Open ${g.title} (${hit.field})` : `Play ${g.title} from ${clock(hit.start_time)}`}>
              {hit.start_time === null ? hit.field : `▶ ${clock(hit.start_time)}`}
            </a>{' '}
            {hit.speaker && <strong>{hit.speaker}: </strong>}
            <HitText hit={hit} />
          </li>
        ))}
      </ul>
    </section>
  );
}
