// On first start with an empty store, the runtime creates the administrator and hands its
// token over once: printed, and written to DATA_DIR/admin-token readable by the owner only.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSignInLink } from '#shared/auth/sessions.ts';
import { settings } from '#shared/config.ts';
import { issueToken } from '#shared/store/tokens.ts';
import { countUsers, createUser, findUserByEmail } from '#shared/store/users.ts';

export const FIRST_ADMIN_EMAIL = 'admin@localhost';

export async function ensureFirstAdmin(dataDir: string): Promise<string | undefined> {
  if ((await countUsers()) > 0) return undefined;
  const admin = await createUser({ email: FIRST_ADMIN_EMAIL, name: 'Administrator', isAdmin: true });
  const { secret } = await issueToken(admin.id, 'first start', 0);
  writeFileSync(join(dataDir, 'admin-token'), `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The one-time link (24 h) with which the first administrator sets a password in the web app. */
export async function firstAdminSignInLink(gatewayUrl: string): Promise<string> {
  const admin = await findUserByEmail(FIRST_ADMIN_EMAIL);
  if (!admin) throw new Error(`${FIRST_ADMIN_EMAIL} does not exist`);
  return (await createSignInLink(admin, settings().publicBaseUrl ?? gatewayUrl)).url;
}
