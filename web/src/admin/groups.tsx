// Administration: groups (their members share the group's tags) and memberships — create a
// group, add people as members or group admins, change a role, take someone out. People are
// added by email, suggested from one list of every user's address for the whole page (the
// page's users, read once; a list per group would draw groups × users options).
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import type { paths } from '../api/schema';
import { Alert, Field, loadingOf, Section, Select, useAction } from '../components/form.tsx';
import { DataTable } from '../components/table.tsx';

const PEOPLE_LIST = 'admin-known-people';

type Group = paths['/admin/groups']['get']['responses'][200]['content']['application/json']['groups'][number];
type User = paths['/admin/users']['get']['responses'][200]['content']['application/json']['users'][number];
type Role = Group['members'][number]['role'];
type Run = (action: () => Promise<void>) => Promise<void>;

const ROLES: [Role, string][] = [
  ['member', 'Member (sees the group’s tags)'],
  ['admin', 'Group admin (also changes them)'],
];

export function GroupsSection({ users }: { users: readonly User[] | null }) {
  // Undefined until they have come: "no groups yet" is said only once that is known.
  const [groups, setGroups] = useState<Group[]>();
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const reload = async () => setGroups((await call(api.GET('/admin/groups'))).groups);
  useEffect(() => void run(loadingOf('The groups', reload)), []);

  const create = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      await call(api.POST('/admin/groups', { body: { name } }));
      setName('');
      await reload();
    });
  };
  return (
    <Section title="Groups">
      <p class="hint">Members of a group see its tags; group admins may also change them.</p>
      <form onSubmit={create} class="inline">
        <Field label="New group name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit" disabled={busy}>
          Create group
        </button>
      </form>
      <Alert message={error} />
      {groups === undefined ? !error && <p role="status">Loading groups…</p> : groups.length === 0 && <p>No groups yet.</p>}
      <datalist id={PEOPLE_LIST}>
        {(users ?? []).map((u) => (
          <option key={u.id} value={u.email}>
            {u.name === u.email ? u.email : u.name}
          </option>
        ))}
      </datalist>
      {groups?.map((g) => (
        <GroupCard key={g.id} group={g} busy={busy} run={run} onChanged={reload} />
      ))}
    </Section>
  );
}

function GroupCard({ group, busy, run, onChanged }: { group: Group; busy: boolean; run: Run; onChanged: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const set = (who: string, as: Role) =>
    run(async () => {
      await call(api.PUT('/admin/memberships', { body: { group_id: group.id, email: who, role: as } }));
      setEmail('');
      await onChanged();
    });
  const remove = (who: string) =>
    run(async () => {
      await call(api.DELETE('/admin/memberships', { body: { group_id: group.id, email: who } }));
      await onChanged();
    });
  return (
    <section class="group" aria-label={`Group ${group.name}`}>
      <h3>{group.name}</h3>
      {group.members.length === 0 ? (
        <p>No members yet.</p>
      ) : (
        <DataTable caption={`Members of ${group.name}`} columns={['Email', 'Name', 'Role']} actions>
          {group.members.map((m) => (
            <tr key={m.user_id}>
              <td>{m.email}</td>
              <td>{m.name}</td>
              <td>{m.role === 'admin' ? 'group admin' : 'member'}</td>
              <td>
                <div class="actions">
                  <button type="button" class="secondary" disabled={busy} onClick={() => set(m.email, m.role === 'admin' ? 'member' : 'admin')}>
                    {m.role === 'admin' ? `Make ${m.email} a member of ${group.name}` : `Make ${m.email} an admin of ${group.name}`}
                  </button>
                  <button type="button" class="danger" disabled={busy} onClick={() => remove(m.email)}>
                    Remove {m.email} from {group.name}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void set(email.trim(), role);
        }}
      >
        <Field label={`Person to add to ${group.name}`} type="email" required maxLength={254} list={PEOPLE_LIST} autoComplete="off" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        <Select label={`Role in ${group.name}`} options={ROLES} value={role} onInput={(e) => setRole(e.currentTarget.value as Role)} />
        <button type="submit" disabled={busy}>
          Add to {group.name}
        </button>
      </form>
    </section>
  );
}
