// The CLI driven as a user drives it: its own process, arguments, exit code, stdout and stderr;
// what it did is then checked over HTTP, the way the created token would be used.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, root, userEnvironment, type CliResult } from '../support/cli.ts';
import { startLocalProcess } from '../support/local-process.ts';
import { call, linkCode, newSession, newUser, sessionHeaders, stack } from '../support/api.ts';

/**
 * The CLI on a terminal of its own (util-linux `script` gives it a pseudo-terminal): each answer
 * is typed once the CLI has asked its question. What the terminal showed comes back as stdout.
 */
function cliOnTerminal(args: readonly string[], dialogue: readonly (readonly [question: string, answer: string])[]): Promise<CliResult> {
  const command = [process.execPath, '--import', 'tsx', 'infra/cli/main.ts', ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: root, env: userEnvironment(stack().dataDir) });
  let shown = '';
  let stderr = '';
  let from = 0;
  const left = [...dialogue];
  child.stdout.on('data', (c: Buffer) => {
    shown += c.toString();
    const at = left[0] ? shown.indexOf(left[0][0], from) : -1;
    if (at < 0) return;
    from = at + left[0]![0].length;
    child.stdin.write(`${left.shift()![1]}\r`);
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout: shown, stderr }));
  });
}

/** Runs a command with --json that must succeed, and parses what it printed. */
async function cliJson(args: readonly string[], dataDir?: string): Promise<any> {
  const result = await cli(['--json', ...args], dataDir);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

const newEmail = () => `${randomUUID()}@example.test`;

/** DynamoDB Local processes working on this data folder (none, once the CLI is done). */
function databasesOn(dataDir: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', `DynamoDBLocal.*${join(dataDir, 'dynamodb')}`], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe('the CLI while the local stack runs', () => {
  it('creates a user and a token that authenticates /users/me, listed as active and without its secret', async () => {
    const email = newEmail();
    const user = await cliJson(['users', 'create', '--email', email, '--name', 'Cli User']);
    const created = await cliJson(['tokens', 'create', '--email', email, '--name', 'laptop']);
    expect(created.token).toMatch(/^vbt_/);

    const me = await call('/users/me', { token: created.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, email, name: 'Cli User', is_admin: false });

    const list = await call('/tokens', { token: created.token });
    expect(list.body.tokens).toEqual([expect.objectContaining({ id: created.id, name: 'laptop', status: 'active' })]);
    expect(list.text).not.toContain(created.token);
  });

  it('revokes a token by id, after which it is listed as revoked and gets a 401 JSON error', async () => {
    const email = newEmail();
    await cliJson(['users', 'create', '--email', email]);
    const kept = await cliJson(['tokens', 'create', '--email', email, '--name', 'kept']);
    const doomed = await cliJson(['tokens', 'create', '--email', email, '--name', 'doomed', '--expires-in-days', '30']);

    const revoked = await cliJson(['tokens', 'revoke', '--id', String(doomed.id)]);
    expect(revoked).toMatchObject({ id: doomed.id, status: 'revoked' });

    const list = await call('/tokens', { token: kept.token });
    expect(list.body.tokens.find((t: { id: number }) => t.id === doomed.id)).toMatchObject({ status: 'revoked' });
    const refused = await call('/users/me', { token: doomed.token });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(refused.body).toMatchObject({ code: 'unauthorized', error: expect.any(String) });
  });

  it('lists a user\'s tokens with --json and never prints the secret', async () => {
    const email = newEmail();
    await cliJson(['users', 'create', '--email', email]);
    const created = await cliJson(['tokens', 'create', '--email', email, '--name', 'ci', '--expires-in-days', '90']);

    const result = await cli(['--json', 'tokens', 'list', '--email', email]);
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(created.token);
    expect(JSON.parse(result.stdout).tokens).toEqual([
      { id: created.id, name: 'ci', status: 'active', created_at: created.created_at, last_used_at: null, expires_at: created.expires_at, revoked_at: null },
    ]);
    const human = await cli(['tokens', 'list', '--email', email]);
    expect(human.stdout).toMatch(/ID\s+NAME\s+STATUS\s+CREATED\s+LAST USED\s+EXPIRES/);
    expect(human.stdout).not.toContain(created.token);
  });

  it('creates a group and adds a member as admin, which /users/me of that member shows', async () => {
    const email = newEmail();
    const group = `team-${randomUUID()}`;
    await cliJson(['users', 'create', '--email', email]);
    const { token } = await cliJson(['tokens', 'create', '--email', email, '--name', 'me']);
    const created = await cliJson(['groups', 'create', '--name', group]);
    await cliJson(['groups', 'add-member', '--group', group, '--email', email, '--role', 'admin']);

    const me = await call('/users/me', { token });
    expect(me.body.groups).toEqual([{ group_id: created.id, group_name: group, role: 'admin' }]);
  });

  it('refuses a duplicate email with exit code 1 and one readable line on stderr', async () => {
    const email = newEmail();
    await cliJson(['users', 'create', '--email', email]);
    const again = await cli(['users', 'create', '--email', email.toUpperCase()]);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr.trim()).toBe(`error: A user with email ${email} already exists`);
  });

  it('says what was not found for an unknown email, group or token id, with exit code 1', async () => {
    const unknown = await cli(['tokens', 'list', '--email', 'nobody@example.test']);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'error: No user with email nobody@example.test']);
    const noGroup = await cli(['groups', 'add-member', '--group', `none-${randomUUID()}`, '--email', 'nobody@example.test']);
    expect([noGroup.code, noGroup.stderr.trim()]).toEqual([1, expect.stringMatching(/^error: No group named none-/)]);
    const noToken = await cli(['tokens', 'revoke', '--id', '987654321']);
    expect([noToken.code, noToken.stderr.trim()]).toEqual([1, 'error: No token with id 987654321']);
  });

  it('treats an expiry other than 0, 30, 90 or 365 days as a usage error', async () => {
    const result = await cli(['tokens', 'create', '--email', newEmail(), '--name', 'x', '--expires-in-days', '7']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/--expires-in-days.*'7' is invalid.*0, 30, 90, 365/);
  });

  it('lists users with --json, including one just created', async () => {
    const email = newEmail();
    const user = await cliJson(['users', 'create', '--email', email, '--admin']);
    const { users } = await cliJson(['users', 'list']);
    expect(users).toContainEqual({ ...user, email, is_admin: true });
  });

  it('invites a new administrator with a one-time link that sets a password and signs in once', async () => {
    const email = newEmail();
    const invited = await cliJson(['users', 'invite', '--email', email, '--name', '  Ada  ', '--admin', '--base-url', stack().url]);
    expect(invited.user).toMatchObject({ email, name: 'Ada', is_admin: true });
    const code = linkCode(invited.link.url);
    const accept = () => call('/auth/links/accept', { method: 'POST', body: { code, password: 'correct horse battery staple' } });
    expect((await accept()).status).toBe(200);
    expect((await accept()).status).toBe(401);
    const bad = await cli(['users', 'invite', '--email', 'not-an-email']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/email address/);
  });

  it('sets a web password read from standard input, ends the user\'s sessions, and signs in with it', async () => {
    const { user } = await newUser();
    const session = await newSession(user.id);
    const set = await cli(['users', 'set-password', '--email', user.email, '--password-stdin'], undefined, 'a passphrase from a pipe\n');
    expect([set.code, set.stderr]).toEqual([0, '']);
    expect(set.stdout.trim()).toBe(`Password set for ${user.email}; their web sessions ended.`);
    expect((await call('/users/me', { headers: sessionHeaders(session) })).status).toBe(401);
    const signIn = (password: string) => call('/auth/sign-in', { method: 'POST', body: { email: user.email, password } });
    expect((await signIn('a passphrase from a pipe')).status).toBe(200);
    const short = await cli(['users', 'set-password', '--email', user.email, '--password-stdin'], undefined, 'short\n');
    expect([short.code, short.stderr.trim()]).toEqual([1, 'error: The password must have at least 12 characters']);
  });

  it('asks for the password twice on a terminal without showing it, and signs in with it', async () => {
    const { user } = await newUser();
    const password = 'typed on a terminal';
    const set = await cliOnTerminal(['users', 'set-password', '--email', user.email], [
      ['New password: ', password],
      ['Repeat it: ', password],
    ]);
    expect(set.code, set.stdout + set.stderr).toBe(0);
    expect(set.stdout).toContain(`Password set for ${user.email}; their web sessions ended.`);
    expect(set.stdout).not.toContain(password);
    expect((await call('/auth/sign-in', { method: 'POST', body: { email: user.email, password } })).status).toBe(200);
    const differ = await cliOnTerminal(['users', 'set-password', '--email', user.email], [
      ['New password: ', 'one passphrase here'],
      ['Repeat it: ', 'another one entirely'],
    ]);
    expect(differ.code).toBe(1);
    expect(differ.stdout).toContain('error: The two passwords differ');
  });

  it('says in one line what to do when there is no terminal to ask for the password on', async () => {
    const { user } = await newUser();
    const result = await cli(['users', 'set-password', '--email', user.email], undefined, '');
    expect([result.code, result.stdout, result.stderr]).toEqual([1, '', 'error: No terminal to ask for the password on: pipe it with --password-stdin\n']);
  });

  it('uses the running stack\'s database and never starts one of its own', async () => {
    const result = await cli(['users', 'list']);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/not running/);
    expect(result.stdout).toMatch(/ID\s+EMAIL\s+NAME\s+ADMIN\s+CREATED/);
    // The shared stack keeps its data in memory: a dynamodb folder would be a second database.
    expect(existsSync(join(stack().dataDir, 'dynamodb'))).toBe(false);
    expect(databasesOn(stack().dataDir)).toEqual([]);
  });
});

describe('the CLI while the local stack is stopped', () => {
  it('writes to the data folder with its own DynamoDB Local, and the next start serves that token', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-cli-'));
    try {
      const email = newEmail();
      await cliJson(['users', 'create', '--email', email, '--name', 'Offline'], dataDir);
      const { token } = await cliJson(['tokens', 'create', '--email', email, '--name', 'offline'], dataDir);
      expect(databasesOn(dataDir)).toEqual([]);

      const local = await startLocalProcess(dataDir);
      try {
        const response = await fetch(`${local.runtime.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ email, name: 'Offline' });
        // The store was not empty, so the runtime created no first administrator.
        expect(existsSync(join(dataDir, 'admin-token'))).toBe(false);
      } finally {
        expect(await local.stop()).toBe(0);
      }
      expect(databasesOn(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
