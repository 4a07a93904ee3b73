// Administration: users (list, invite, make admin), groups and memberships, and the service's statistics.
import { useEffect, useState } from 'preact/hooks';
import { GroupsSection } from '../admin/groups.tsx';
import { UsersSection, useAdminUsers } from '../admin/users.tsx';
import { api, call } from '../api/client.ts';
import type { paths } from '../api/schema';
import { Alert, Section, useAction } from '../components/form.tsx';
import { useSession } from '../session.ts';

type Stats = paths['/stats']['get']['responses'][200]['content']['application/json'];

export function Admin() {
  const { user } = useSession();
  const { users, reload } = useAdminUsers();
  if (!user?.is_admin) return <Alert message="Only administrators may see this page." />;
  return (
    <>
      <h1>Administration</h1>
      <UsersSection me={user.id} users={users} reload={reload} />
      <GroupsSection users={users} />
      <StatsSection />
    </>
  );
}

function StatsSection() {
  const [stats, setStats] = useState<Stats | null>(null);
  const { error, run } = useAction();
  useEffect(() => void run(async () => setStats(await call(api.GET('/stats', { params: { query: { scope: 'all' } } })))), []);
  return (
    <Section title="Statistics">
      <Alert message={error} />
      {stats && (
        <dl class="facts">
          <dt>Users</dt>
          <dd>
            {stats.users?.total ?? '—'} ({stats.users?.active ?? 0} active)
          </dd>
          <dt>Recordings</dt>
          <dd>
            {stats.recordings.total} ({stats.recordings.completed} completed, {stats.recordings.processing} processing, {stats.recordings.failed} failed)
          </dd>
          <dt>Storage</dt>
          <dd>{stats.storage.used_human}</dd>
          <dt>Queue</dt>
          <dd>
            {stats.queue.jobs_queued} queued, {stats.queue.jobs_processing} processing
          </dd>
          <dt>Transcription this month</dt>
          <dd>{stats.transcription.used_this_month_minutes} minutes</dd>
          <dt>Language-model tokens this month</dt>
          <dd>{stats.tokens.used_this_month}</dd>
        </dl>
      )}
    </Section>
  );
}
