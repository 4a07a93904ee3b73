// Administration: users (list, invite, make admin), groups and memberships, and the service's statistics.
import { useEffect, useState } from 'preact/hooks';
import { GroupsSection } from '../admin/groups.tsx';
import { api, call } from '../api/client.ts';
import type { paths } from '../api/schema';
import { DataTable } from '../components/table.tsx';
import { Alert, Check, Field, Section, useAction, when } from '../components/form.tsx';
import { SecretOnce } from '../settings/tokens.tsx';
import { useSession } from '../session.ts';

type User = paths['/admin/users']['get']['responses'][200]['content']['application/json']['users'][number];
type Stats = paths['/stats']['get']['responses'][200]['content']['application/json'];

export function Admin() {
  const { user } = useSession();
  if (!user?.is_admin) return <Alert message="Only administrators may see this page." />;
  return (
    <>
      <h1>Administration</h1>
      <UsersSection me={user.id} />
      <GroupsSection />
      <StatsSection />
    </>
  );
}

function UsersSection({ me }: { me: number }) {
  const [users, setUsers] = useState<User[]>([]);
  const [invite, setInvite] = useState({ email: '', name: '', is_admin: false });
  const [link, setLink] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const reload = async () => setUsers((await call(api.GET('/admin/users'))).users);
  useEffect(() => void run(reload), []);

  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const made = await call(api.POST('/admin/invitations', { body: { email: invite.email, is_admin: invite.is_admin, ...(invite.name.trim() ? { name: invite.name } : {}) } }));
      setLink(made.link.url);
      setInvite({ email: '', name: '', is_admin: false });
      await reload();
    });
  };
  const setAdmin = (u: User, isAdmin: boolean) =>
    run(async () => {
      await call(api.PUT('/admin/admins', { body: { email: u.email, is_admin: isAdmin } }));
      await reload();
    });

  return (
    <Section title="Users">
      <form onSubmit={submit} class="inline">
        <Field label="Email of the person to invite" type="email" required value={invite.email} onInput={(e) => setInvite({ ...invite, email: e.currentTarget.value })} />
        <Field label="Their name" value={invite.name} onInput={(e) => setInvite({ ...invite, name: e.currentTarget.value })} />
        <Check label="Administrator" checked={invite.is_admin} onChange={(e) => setInvite({ ...invite, is_admin: e.currentTarget.checked })} />
        <button type="submit" disabled={busy}>
          Invite
        </button>
      </form>
      <Alert message={error} />
      {link && <SecretOnce label="Sign-in link" value={link} note="Send it to them: it works once, for 24 hours." onDone={() => setLink(null)} />}
      <DataTable caption="Users" columns={['Email', 'Name', 'Role', 'Since']} actions>
        {users.map((u) => (
          <tr key={u.id}>
            <td>{u.email}</td>
            <td>{u.name}</td>
            <td>{u.is_admin ? 'administrator' : 'user'}</td>
            <td>{when(u.created_at)}</td>
            <td>
              {u.id !== me && (
                <button type="button" class="secondary" disabled={busy} onClick={() => setAdmin(u, !u.is_admin)}>
                  {u.is_admin ? `Remove admin from ${u.email}` : `Make ${u.email} admin`}
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </Section>
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
