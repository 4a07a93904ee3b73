// Signing in and out, one-time sign-in links and password changes: the rules of decisions §2b
// over the session store.
import { randomBytes, createHash } from 'node:crypto';
import { settings } from '../config.ts';
import { UnauthorizedError, ValidationError } from '../domain/errors.ts';
import { checkPasswordPolicy, dummyHash, hashPassword, needsRehash, verifyPassword } from '../domain/passwords.ts';
import { csrfTokenFor, hashSessionId, newSessionId } from '../domain/sessions.ts';
import { consumeSignInLink, deleteUserSessions, getPasswordHash, insertSession, insertSignInLink, setPasswordHash } from '../store/sessions.ts';
import { findUserByEmail, type User } from '../store/users.ts';
import { admitAttempt, recordFailure, recordSuccess, type Attempt } from './throttle.ts';

const WRONG_CREDENTIALS = 'Wrong email or password';
const LINK_HOURS = 24;

export interface NewSession {
  readonly sessionId: string;
  readonly csrfToken: string;
  readonly userId: number;
}

const limits = () => ({ idleSeconds: settings().sessions.idleSeconds, absoluteSeconds: settings().sessions.absoluteSeconds });

async function startSession(userId: number, now = new Date()): Promise<NewSession> {
  const sessionId = newSessionId();
  await insertSession(hashSessionId(sessionId), userId, limits(), now);
  return { sessionId, csrfToken: csrfTokenFor(sessionId), userId };
}

/** The same answer, in about the same time, for an unknown email and a wrong password. */
export async function signIn(attempt: Attempt & { password: string }, now = new Date()): Promise<NewSession> {
  await admitAttempt(attempt, settings().sessions, now);
  const user = await findUserByEmail(attempt.email);
  const stored = user ? await getPasswordHash(user.id) : undefined;
  const matches = await verifyPassword(attempt.password, stored ?? (await dummyHash()));
  if (!user || stored === undefined || !matches) {
    // Checking took a while (scrypt): the wait starts when the answer goes out.
    await recordFailure(attempt, new Date());
    throw new UnauthorizedError(WRONG_CREDENTIALS);
  }
  await recordSuccess(attempt);
  if (needsRehash(stored)) await setPasswordHash(user.id, await hashPassword(attempt.password), now);
  return startSession(user.id, now);
}

/** A one-time link with which the user sets a password (first start, invitations). */
export async function createSignInLink(user: User, baseUrl: string, now = new Date()): Promise<{ url: string; expires_at: string }> {
  const code = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + LINK_HOURS * 3_600_000);
  await insertSignInLink(createHash('sha256').update(code).digest('hex'), user.id, expires);
  // The code travels in the fragment, which browsers never send to a server or its logs.
  return { url: `${baseUrl.replace(/\/+$/, '')}/welcome#code=${code}`, expires_at: expires.toISOString() };
}

/** Sets the password with a one-time link; every earlier session of the user ends. */
export async function acceptSignInLink(code: string, password: string, now = new Date()): Promise<NewSession> {
  checkPasswordPolicy(password);
  const userId = await consumeSignInLink(createHash('sha256').update(code).digest('hex'), now);
  if (userId === undefined) throw new UnauthorizedError('This sign-in link is invalid, used or expired');
  await setPasswordHash(userId, await hashPassword(password), now);
  await deleteUserSessions(userId);
  return startSession(userId, now);
}

/** Sets a password directly (the command-line tool); every session of the user ends. */
export async function setPassword(userId: number, password: string): Promise<void> {
  checkPasswordPolicy(password);
  await setPasswordHash(userId, await hashPassword(password));
  await deleteUserSessions(userId);
}

/** Changes the caller's password; every other session ends (the current one, if any, stays). */
export async function changePassword(userId: number, current: string, next: string, keepSession: string | undefined): Promise<number> {
  const stored = await getPasswordHash(userId);
  if (stored !== undefined && !(await verifyPassword(current, stored))) throw new ValidationError('The current password is wrong', [{ path: 'current_password', message: 'is wrong' }]);
  checkPasswordPolicy(next);
  await setPasswordHash(userId, await hashPassword(next));
  return deleteUserSessions(userId, keepSession);
}
