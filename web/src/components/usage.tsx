// The statistics of GET /stats as a list of facts: the caller's own (Settings → Usage, with the
// monthly budgets) or the service's (Administration, with users and the queue).
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import type { paths } from '../api/schema';
import { Alert, Section, useAction, when } from './form.tsx';

type Stats = paths['/stats']['get']['responses'][200]['content']['application/json'];

/** "1 minute", "3 minutes". */
const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Transcribed time: "21 seconds" under a minute (not "0 minutes"), else "12 minutes" to the nearest minute. */
const duration = (seconds: number) => (seconds < 59.5 ? count(Math.round(seconds), 'second', 'seconds') : count(Math.round(seconds / 60), 'minute', 'minutes'));

/** Use against a monthly budget: "12 minutes of 600 (2 %)"; a budget of 0 is none. */
function ofBudget(used: string, budget: number, percentage: number, unit = '') {
  return budget > 0 ? `${used} of ${budget.toLocaleString()}${unit} (${percentage.toLocaleString()} %)` : `${used} (no monthly limit)`;
}

function Facts({ stats, scope }: { stats: Stats; scope: 'user' | 'all' }) {
  const { recordings, transcription, tokens } = stats;
  const minutes = duration(transcription.used_this_month_seconds);
  return (
    <dl class="facts">
      {scope === 'all' && (
        <>
          <dt>Users</dt>
          <dd>
            {stats.users?.total ?? '—'} ({stats.users?.active ?? 0} active)
          </dd>
        </>
      )}
      <dt>Recordings</dt>
      <dd>
        {recordings.total} ({recordings.completed} completed, {recordings.processing} processing, {recordings.pending} waiting, {recordings.failed} failed)
      </dd>
      <dt>Storage</dt>
      <dd>{stats.storage.used_human}</dd>
      {scope === 'all' && (
        <>
          <dt>Queue</dt>
          <dd>
            {stats.queue.jobs_queued} queued, {stats.queue.jobs_processing} processing
          </dd>
        </>
      )}
      <dt>Transcription this month</dt>
      <dd>{scope === 'all' ? minutes : ofBudget(minutes, transcription.budget_minutes, transcription.percentage, ' minutes')}</dd>
      <dt>Estimated transcription cost this month</dt>
      <dd>${transcription.estimated_cost.toFixed(2)}</dd>
      <dt>Language-model tokens this month</dt>
      <dd>{scope === 'all' ? tokens.used_this_month.toLocaleString() : ofBudget(tokens.used_this_month.toLocaleString(), tokens.budget, tokens.percentage)}</dd>
      <dt>Recordings today</dt>
      <dd>{stats.activity.recordings_today}</dd>
      <dt>Last transcription</dt>
      <dd>{when(stats.activity.last_transcription)}</dd>
    </dl>
  );
}

/** `version`: a change reads the statistics again (the figures shown stay until the new ones come). */
export function UsageSection({ scope, title, version = 0 }: { scope: 'user' | 'all'; title: string; version?: number }) {
  const [stats, setStats] = useState<Stats | null>(null);
  const { error, run } = useAction();
  useEffect(() => void run(async () => setStats(await call(api.GET('/stats', { params: { query: { scope } } })))), [scope, version]);
  return (
    <Section title={title}>
      <Alert message={error} />
      {stats && <Facts stats={stats} scope={scope} />}
    </Section>
  );
}
