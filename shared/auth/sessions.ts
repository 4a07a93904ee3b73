// Signing in and out, one-time sign-in links and password changes: the rules of decisions §2b
// over the session store.
import { randomBytes, createHash } from 'node:crypto';
import { settings } from '../config.ts';
import { UnauthorizedError, ValidationError } from '../domain/errors.ts';
import { checkPasswordPolicy, dummyHash, hashPassword, needsRehash, verifyPassword } from '../domain/passwords.ts';
import { csrfTokenFor, hashSessionId, newSessionId } from '../domain/sessions.ts';
import { advanceSessionEpoch, consumeSignInLink, deleteUserSessions, getCredentials, insertSession, insertSignInLink, setPasswordHash } from '../store/sessions.ts';
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

/** `epoch`: the user's session epoch read with the password hash that was checked. */
async function startSession(userId: number, epoch: number, now = new Date()): Promise<NewSession> {
  const sessionId = newSessionId();
  await insertSession(hashSessionId(sessionId), userId, epoch, limits(), now);
  return { sessionId, csrfToken: csrfTokenFor(sessionId), userId };
}

/** The same answer, in about the same time, for an unknown email and a wrong password. */
export async function signIn(attempt: Attempt & { password: string }, now = new Date()): Promise<NewSession> {
  await admitAttempt(attempt, settings().sessions, now);
  const user = await findUserByEmail(attempt.email);
  // The epoch is read with the hash: if the password changes while this one is checked, the session opens already ended.
  const credentials = user ? await getCredentials(user.id) : undefined;
  const stored = credentials?.passwordHash;
  const matches = await verifyPassword(attempt.password, stored ?? (await dummyHash()));
  if (!user || !credentials || stored === undefined || !matches) {
    // Checking took a while (scrypt): the wait starts when the answer goes out.
    await recordFailure(attempt, new Date());
    throw new UnauthorizedError(WRONG_CREDENTIALS);
  }
  await recordSuccess(attempt);
  if (needsRehash(stored)) await setPasswordHash(user.id, await hashPassword(attempt.password), now);
  return startSession(user.id, credentials.sessionEpoch, now);
}

/** A one-time link with which the user sets a password (first start, invitations). */
export async function createSignInLink(user: User, baseUrl: string, now = new Date()): Promise<{ url: string; expires_at: string }> {
  const code = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + LINK_HOURS * 3_600_000);
  await insertSignInLink(createHash('sha256').update(code).digest('hex'), user.id, expires);
  // The code travels in the fragment, which browsers never send to a server or its logs; the
  // email beside it lets the page name the account, and a password manager save the pair.
  const fragment = new URLSearchParams({ code, email: user.email });
  return { url: `${baseUrl.replace(/\/+$/, '')}/welcome#${fragment}`, expires_at: expires.toISOString() };
}

/** Sets the password with a one-time link; every earlier session of the user ends. */
export async function acceptSignInLink(code: string, password: string, now = new Date()): Promise<NewSession> {
  checkPasswordPolicy(password);
  const userId = await consumeSignInLink(createHash('sha256').update(code).digest('hex'), now);
  if (userId === undefined) throw new UnauthorizedError('This sign-in link is invalid, used or expired');
  await setPasswordHash(userId, await hashPassword(password), now);
  const epoch = await advanceSessionEpoch(userId);
  await deleteUserSessions(userId);
  return startSession(userId, epoch, now);
}

/**
 * Ends every session of the user but `keep` (a session hash) at once; their items are deleted
 * as far as the sessions index lists them (how many). The password must be set before: a
 * sign-in checking the old one then opens its session in the old epoch.
 */
async function endSessions(userId: number, keep?: string): Promise<number> {
  await advanceSessionEpoch(userId, keep);
  return deleteUserSessions(userId, keep);
}

/** Sets a password directly (the command-line tool); every session of the user ends. */
export async function setPassword(userId: number, password: string): Promise<void> {
  checkPasswordPolicy(password);
  await setPasswordHash(userId, await hashPassword(password));
  await endSessions(userId);
}

/** Changes the caller's password; every other session ends (the current one, if any, stays). */
export async function changePassword(userId: number, current: string, next: string, keepSession: string | undefined): Promise<number> {
  const stored = (await getCredentials(userId))?.passwordHash;
  if (stored !== undefined && !(await verifyPassword(current, stored))) throw new ValidationError('The current password is wrong', [{ path: 'current_password', message: 'is wrong' }]);
  checkPasswordPolicy(next);
  await setPasswordHash(userId, await hashPassword(next));
  return endSessions(userId, keepSession);
}

/** Ends every session of the user, the caller's included (API tokens stay valid). */
export const signOutEverywhere = (userId: number): Promise<number> => endSessions(userId);
