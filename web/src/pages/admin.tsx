// Administration: users (list, invite, make admin), groups and memberships, and the service's statistics.
import { useState } from 'preact/hooks';
import { GroupsSection } from '../admin/groups.tsx';
import { UsersSection, useAdminUsers } from '../admin/users.tsx';
import { Alert } from '../components/form.tsx';
import { UsageSection } from '../components/usage.tsx';
import { useSession } from '../session.ts';
import { PageHeading } from '../components/page-heading.tsx';

export function Admin() {
  const { user } = useSession();
  const { users, reload } = useAdminUsers();
  // Bumped by an invitation, which may add a user: the statistics are read again.
  const [invitations, setInvitations] = useState(0);
  if (!user?.is_admin) return <Alert message="Only administrators may see this page." />;
  return (
    <>
      <PageHeading text="Administration" />
      <UsersSection me={user.id} users={users} reload={reload} onInvited={() => setInvitations((n) => n + 1)} />
      <GroupsSection users={users} />
      <UsageSection scope="all" title="Statistics" version={invitations} />
    </>
  );
}
