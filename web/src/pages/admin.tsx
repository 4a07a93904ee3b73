// Administration: users (list, invite, make admin), groups and memberships, and the service's statistics.
import { GroupsSection } from '../admin/groups.tsx';
import { UsersSection, useAdminUsers } from '../admin/users.tsx';
import { Alert } from '../components/form.tsx';
import { UsageSection } from '../components/usage.tsx';
import { useSession } from '../session.ts';

export function Admin() {
  const { user } = useSession();
  const { users, reload } = useAdminUsers();
  if (!user?.is_admin) return <Alert message="Only administrators may see this page." />;
  return (
    <>
      <h1>Administration</h1>
      <UsersSection me={user.id} users={users} reload={reload} />
      <GroupsSection users={users} />
      <UsageSection scope="all" title="Statistics" />
    </>
  );
}
