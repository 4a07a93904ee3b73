// Sign-in throttling over HTTP (issue 14): failures counted per account and per client address,
// 429 with Retry-After and growing delays past the allowance, the same answer for an unknown
// email and a wrong password, an address a client cannot choose, and no way past the
// allowance with parallel attempts. On a stack of its own with small allowances, so a test
// needs few password checks (scrypt takes a second or two on a busy machine) and spends no
// one else's budget; each test signs in from loopback addresses of its own (all of 127/8 is
// this machine), which the gateway reports as the client's address.
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkCode } from '../support/api.ts';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';

const FREE_PER_ACCOUNT = 2;
const FREE_PER_ADDRESS = 2;
const PASSWORD = 'the right passphrase';
const WRONG = 'not the passphrase at all';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-throttle-'));
let local: LocalProcess;
/** Accounts with PASSWORD: one the account tests throttle, one the address tests sign in with. */
let known: string;
let spare: string;

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: any;
}

function post(path: string, body: unknown, options: { from?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(local.runtime.url);
  const payload = JSON.stringify(body);
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: 'POST', path: `/api/v1${path}`, headers, localAddress: options.from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A loopback address no other test signs in from. */
const newAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const newEmail = () => `${randomUUID()}@example.test`;
const signIn = (email: string, password: string, from = newAddress(), headers?: Record<string, string>) => post('/auth/sign-in', { email, password }, { from, headers });
const retryAfter = (answer: Answer) => Number(answer.headers['retry-after']);
const statuses = (answers: readonly Answer[]) => answers.map((a) => a.status).sort();

/** Status, body and headers, without what differs on every request (its id and the clock). */
function shape(answer: Answer): unknown {
  const { request_id: _id, ...body } = answer.body as Record<string, unknown>;
  const { 'x-request-id': _rid, date: _date, ...headers } = answer.headers;
  return { status: answer.status, body, headers };
}

/** A user who set PASSWORD with the link of an invitation, as a newcomer does. */
async function newAccount(): Promise<string> {
  const email = newEmail();
  const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  const invited = await post('/admin/invitations', { email }, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(invited.status).toBe(201);
  const accepted = await post('/auth/links/accept', { code: linkCode(invited.body.link.url), password: PASSWORD });
  expect(accepted.status).toBe(200);
  return email;
}

beforeAll(async () => {
  local = await startLocalProcess(dataDir, {
    LOCAL_IN_MEMORY: 'true',
    LOG_LEVEL: 'SILENT',
    SIGNIN_FREE_FAILURES_PER_ACCOUNT: String(FREE_PER_ACCOUNT),
    SIGNIN_FREE_FAILURES_PER_ADDRESS: String(FREE_PER_ADDRESS),
  });
  [known, spare] = await Promise.all([newAccount(), newAccount()]);
  // Every instance of the sign-in function started, so parallel attempts run side by side at once.
  await Promise.all(Array.from({ length: 4 }, () => post('/auth/sign-in', { email: known })));
}, 600_000);

afterAll(async () => {
  await local?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('sign-in throttling per account', () => {
  it('answers 429 with Retry-After past the allowed failures, the same for an unknown email as for a wrong password, and a right password waits too', async () => {
    // One account after the other: each refusal must come within the first wait (2 s) of its account's last failure.
    const answersFor = async (email: string) => {
      const answers: Answer[] = [];
      for (let i = 0; i <= FREE_PER_ACCOUNT; i++) answers.push(await signIn(email, WRONG));
      return answers;
    };
    const wrong = await answersFor(known);
    const right = await signIn(known, PASSWORD);
    const nobody = await answersFor(newEmail());
    expect(wrong.map((a) => a.status)).toEqual([...Array<number>(FREE_PER_ACCOUNT).fill(401), 429]);
    const limited = wrong.at(-1)!;
    expect(limited.body).toMatchObject({ code: 'rate_limited', retry_after: retryAfter(limited) });
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
    expect(nobody.map(shape)).toEqual(wrong.map(shape));
    expect(right.status).toBe(429);
  });

  it('makes each wait after the allowance longer than the one before', async () => {
    const email = newEmail();
    for (let i = 0; i < FREE_PER_ACCOUNT; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    const first = await signIn(email, WRONG);
    expect(first.status).toBe(429);
    await new Promise((r) => setTimeout(r, retryAfter(first) * 1000 + 200));
    expect((await signIn(email, WRONG)).status).toBe(401);
    const second = await signIn(email, WRONG);
    expect(second.status).toBe(429);
    expect(retryAfter(second)).toBeGreaterThan(retryAfter(first));
  });
});

describe('sign-in throttling per client address', () => {
  it('answers 429 with Retry-After past the allowed failures from one address, whatever the emails', async () => {
    const from = newAddress();
    for (let i = 0; i < FREE_PER_ADDRESS; i++) expect((await signIn(newEmail(), WRONG, from)).status).toBe(401);
    const limited = await signIn(newEmail(), WRONG, from);
    expect(limited.status).toBe(429);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
    expect((await signIn(newEmail(), WRONG)).status, 'another address is not limited').toBe(401);
  });

  it('counts the address the connection came from, not an X-Viewer-Address the client sends', async () => {
    const from = newAddress();
    const answers: Answer[] = [];
    for (let i = 0; i < FREE_PER_ADDRESS + 2; i++) answers.push(await signIn(newEmail(), WRONG, from, { 'x-viewer-address': newAddress() }));
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(FREE_PER_ADDRESS).fill(401), 429, 429]);
  });

  it('lets no more than the allowance through when the attempts come all at once', async () => {
    const from = newAddress();
    const answers = await Promise.all(Array.from({ length: FREE_PER_ADDRESS + 2 }, () => signIn(newEmail(), WRONG, from)));
    expect(statuses(answers)).toEqual([...Array<number>(FREE_PER_ADDRESS).fill(401), 429, 429]);
  });

  it('does not count a right password against the address', async () => {
    const from = newAddress();
    const email = newEmail();
    expect((await signIn(email, WRONG, from)).status).toBe(401);
    expect((await signIn(spare, PASSWORD, from)).status).toBe(200);
    expect((await signIn(email, WRONG, from)).status).toBe(401);
    expect((await signIn(email, WRONG, from)).status).toBe(429);
  });
});
