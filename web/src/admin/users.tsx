// Administration: the users — invite someone (a one-time sign-in link), make a user an
// administrator or not. The list is newest first and shows one page of people at a time, with a
// box that finds anyone by email or name: a large service has thousands of users, and a table
// of all of them would be slow to draw and useless to read.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import type { paths } from '../api/schema';
import { Alert, Check, Field, loadingOf, Section, useAction, when } from '../components/form.tsx';
import { DataTable } from '../components/table.tsx';
import { SecretOnce } from '../settings/tokens.tsx';
import { counted } from '../components/words.ts';

type User = paths['/admin/users']['get']['responses'][200]['content']['application/json']['users'][number];

const USERS_PAGE = 25;

/** Users whose email or name contains `query` (any case), newest first. */
function findUsers(users: readonly User[], query: string): User[] {
  const q = query.trim().toLocaleLowerCase();
  const hits = q ? users.filter((u) => u.email.toLocaleLowerCase().includes(q) || u.name.toLocaleLowerCase().includes(q)) : [...users];
  return hits.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** Every user, read once for the whole page (the groups' email suggestions use them too); null until read. */
export function useAdminUsers(): { users: User[] | null; reload: () => Promise<void> } {
  const [users, setUsers] = useState<User[] | null>(null);
  return { users, reload: async () => setUsers((await call(api.GET('/admin/users'))).users) };
}

/** `onInvited`: after an invitation, which may have added a user. */
export function UsersSection({ me, users, reload, onInvited }: { me: number; users: readonly User[] | null; reload: () => Promise<void>; onInvited: () => void }) {
  const { busy, error, run } = useAction();
  useEffect(() => void run(loadingOf('The users', reload)), []);
  const setAdmin = (u: User, isAdmin: boolean) =>
    run(async () => {
      await call(api.PUT('/admin/admins', { body: { email: u.email, is_admin: isAdmin } }));
      await reload();
    });
  return (
    <Section title="Users">
      <InviteForm
        busy={busy}
        run={run}
        onInvited={async () => {
          await reload();
          onInvited();
        }}
      />
      <Alert message={error} />
      {users ? <UsersList users={users} me={me} busy={busy} setAdmin={setAdmin} /> : !error && <p role="status">Loading users…</p>}
    </Section>
  );
}

function InviteForm({ busy, run, onInvited }: { busy: boolean; run: (action: () => Promise<void>) => Promise<void>; onInvited: () => Promise<void> }) {
  const [invite, setInvite] = useState({ email: '', name: '', is_admin: false });
  const [link, setLink] = useState<string | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const made = await call(api.POST('/admin/invitations', { body: { email: invite.email, is_admin: invite.is_admin, ...(invite.name.trim() ? { name: invite.name } : {}) } }));
      setLink(made.link.url);
      setInvite({ email: '', name: '', is_admin: false });
      await onInvited();
    });
  };
  return (
    <>
      <form onSubmit={submit} class="inline">
        <Field label="Email of the person to invite" type="email" required value={invite.email} onInput={(e) => setInvite({ ...invite, email: e.currentTarget.value })} />
        <Field label="Their name" value={invite.name} onInput={(e) => setInvite({ ...invite, name: e.currentTarget.value })} />
        <Check label="Administrator" checked={invite.is_admin} onChange={(e) => setInvite({ ...invite, is_admin: e.currentTarget.checked })} />
        <button type="submit" disabled={busy}>
          Invite
        </button>
      </form>
      {link && <SecretOnce label="Sign-in link" value={link} note="Send it to them: it works once, for 24 hours." onDone={() => setLink(null)} />}
    </>
  );
}

function UsersList({ users, me, busy, setAdmin }: { users: readonly User[]; me: number; busy: boolean; setAdmin: (u: User, isAdmin: boolean) => Promise<void> }) {
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(USERS_PAGE);
  const found = useMemo(() => findUsers(users, query), [users, query]);
  return (
    <>
      <Field
        label="Find a user"
        type="search"
        hint="By email or name"
        value={query}
        onInput={(e) => {
          setQuery(e.currentTarget.value);
          setShown(USERS_PAGE);
        }}
      />
      <p role="status">{count(found.length, shown, users.length, query)}</p>
      <DataTable caption="Users" columns={['Email', 'Name', 'Role', 'Since']} actions>
        {found.slice(0, shown).map((u) => (
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
      {found.length > shown && (
        <button type="button" class="secondary" onClick={() => setShown(shown + USERS_PAGE)}>
          Show {Math.min(USERS_PAGE, found.length - shown)} more
        </button>
      )}
    </>
  );
}

function count(found: number, shown: number, total: number, query: string): string {
  const what = query.trim() ? `${found} of ${total} users match` : counted(total, 'user');
  return found > shown ? `${what}; the newest ${shown} are shown.` : `${what}.`;
}
