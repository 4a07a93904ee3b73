// The refusals every route must make, whatever else its input holds (issue 16): a text with a
// control character or a lone surrogate in any body field, any query parameter or any upload
// field is a 400 naming the field, and so are bytes that are not UTF-8 in a JSON body (named
// `body`) or a query parameter; an upload with a repeated part or an oversized field is a
// 400. Cases come from the route table, so a new route or field is covered without a line here.
// The bad values are drawn with fast-check from a fixed seed (FUZZ_SEED), like routes.fuzz.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeRows, type RouteRow } from '#shared/routes.ts';
import { newUser } from '../support/api.ts';
import { silentWav } from '../support/uploads.ts';
import { jsonSchemaOf, multipart, type JsonSchema } from './arbitraries.ts';
import { send, shapeProblems, type Body } from './http.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 424242);
/** Requests per user before a fresh one, well under the smallest per-minute budget (10). */
const PER_USER = 8;

const control = fc.constantFrom(...'\u0000\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f\u0085\u009f'.split(''));
const surrogate = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
const around = (bad: fc.Arbitrary<string>) => fc.tuple(fc.string({ maxLength: 8 }), bad, fc.string({ maxLength: 8 })).map(([a, b, c]) => a + b + c);
const badJsonText = fc.oneof(around(control), around(surrogate));
/** Bytes that are not UTF-8: a stray continuation or invalid byte, a cut sequence, an encoded surrogate, an overlong form, past U+10FFFF. */
const notUtf8 = fc.constantFrom<readonly number[]>([0xff], [0x80], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf4, 0x90, 0x80, 0x80]);
const percentEncoded = (bytes: readonly number[]) => bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');

function samples<T>(arbitrary: fc.Arbitrary<T>, key: string, count: number): T[] {
  let seed = SEED;
  for (const ch of key) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return fc.sample(arbitrary, { seed: seed | 0, numRuns: count });
}

class Caller {
  private token = '';
  private used = PER_USER;

  async get(): Promise<string> {
    if (this.used >= PER_USER) {
      this.token = (await newUser()).token;
      this.used = 0;
    }
    this.used++;
    return this.token;
  }
}

const pathOf = (row: RouteRow) => row.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' && row.path.startsWith('/recordings/uploads/') ? '00000000-0000-4000-8000-000000000000' : name === 'did' ? '00000000-0000-4000-8000-000000000001' : '1'));

async function expectRefused(caller: Caller, row: RouteRow, path: string, body: Body | undefined, field: string, what: string) {
  const res = await send({ method: row.method, path, token: await caller.get(), body });
  expect(shapeProblems(res), `${row.key} ${what}`).toEqual([]);
  expect(res.status, `${row.key} ${what}: ${res.text.slice(0, 200)}`).toBe(400);
  if (field) expect(JSON.stringify(res.json?.details ?? res.json?.error), `${row.key} ${what}`).toContain(field);
}

const stringFields = (schema: JsonSchema | undefined) => Object.keys(schema?.properties ?? {});

describe('every route refuses control characters and ill-formed Unicode', () => {
  for (const row of routeRows.filter((r) => r.spec.body || r.spec.query)) {
    it(row.key, async () => {
      const caller = new Caller();
      const path = pathOf(row);
      for (const field of stringFields(row.spec.body ? jsonSchemaOf(row.spec.body()) : undefined)) {
        for (const bad of samples(badJsonText, `${row.key} body ${field}`, 2)) {
          await expectRefused(caller, row, path, { kind: 'json', value: { [field]: bad } }, field, `body ${field}=${JSON.stringify(bad)}`);
        }
        // Not UTF-8 at all: refused as it came, not stored with U+FFFD in place of the bytes.
        const [bytes] = samples(notUtf8, `${row.key} body bytes ${field}`, 1);
        const data = Buffer.concat([Buffer.from(`{"${field}":"a`), Buffer.from(bytes!), Buffer.from('b"}')]);
        await expectRefused(caller, row, path, { kind: 'raw', data, contentType: 'application/json', label: 'not UTF-8' }, 'body', `body ${field} with bytes ${percentEncoded(bytes!)}`);
      }
      for (const field of stringFields(row.spec.query ? jsonSchemaOf(row.spec.query()) : undefined)) {
        // A query carries percent-encoded UTF-8: control characters can arrive, lone surrogates cannot.
        const [bad] = samples(around(control), `${row.key} query ${field}`, 1);
        await expectRefused(caller, row, `${path}?${field}=${encodeURIComponent(bad!)}`, undefined, field, `query ${field}=${JSON.stringify(bad)}`);
        const [bytes] = samples(notUtf8, `${row.key} query bytes ${field}`, 1);
        await expectRefused(caller, row, `${path}?${field}=ab${percentEncoded(bytes!)}c`, undefined, field, `query ${field} with bytes ${percentEncoded(bytes!)}`);
      }
    }, 120_000);
  }
});

describe('the upload refuses repeated parts, oversized fields and control characters', () => {
  const row = routeRows.find((r) => r.spec.streamBody)!;
  const wav = silentWav(1);
  const form = (label: string, data: Buffer): Body => ({ kind: 'raw', data, contentType: 'multipart/form-data; boundary=refuse', label });
  const fields = Object.keys(jsonSchemaOf(row.spec.streamBody!()).properties ?? {}).filter((k) => k !== 'file');

  it('refuses a control character in any field', async () => {
    const caller = new Caller();
    for (const field of fields) {
      const [bad] = samples(around(control), `upload ${field}`, 1);
      await expectRefused(caller, row, row.path, form(field, multipart('refuse', [[field, bad!]], 'wav', wav, false)), field, `${field}=${JSON.stringify(bad)}`);
    }
  });

  it('refuses a repeated field, a second file and an oversized field', async () => {
    const caller = new Caller();
    for (const field of fields) {
      await expectRefused(caller, row, row.path, form(field, multipart('refuse', [[field, '1'], [field, '2']], 'wav', wav, false)), field, `${field} twice`);
    }
    const twoFiles = Buffer.concat([multipart('refuse', [], 'wav', wav, true).subarray(0, -'--refuse--\r\n'.length), multipart('refuse', [], 'wav', wav, true)]);
    await expectRefused(caller, row, row.path, form('two files', twoFiles), '', 'two file parts');
    await expectRefused(caller, row, row.path, form('huge', multipart('refuse', [['notes', 'n'.repeat(256 * 1024)]], 'wav', wav, false)), 'notes', 'a 256 KB field');
  });
});
