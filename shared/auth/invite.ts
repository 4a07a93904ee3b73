// Invitations: the account is created when it does not exist yet, and a one-time link lets the
// person set a password (used by the web app, the command-line tool and the first start).
import { createUser, findUserByEmail, type User } from '../store/users.ts';
import { createSignInLink } from './sessions.ts';

export async function inviteUser(input: { email: string; name?: string; isAdmin?: boolean }, baseUrl: string): Promise<{ user: User; link: { url: string; expires_at: string } }> {
  const user = (await findUserByEmail(input.email)) ?? (await createUser(input));
  return { user, link: await createSignInLink(user, baseUrl) };
}
