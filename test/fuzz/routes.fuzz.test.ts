// Fuzzing every row of the route table (issue 8 part 3). From each row's zod schemas,
// fast-check makes valid-ish requests (the caller's own ids in the path, values that fit the
// schemas), invalid ones (one part broken: a path id that is negative, a float, huge or not a
// number; a query value out of range or of the wrong type; a body with a wrong type, an
// unknown field, a missing field, a 100 KB string, deep nesting, huge numbers, unicode) and
// raw garbage bodies; the upload route gets multipart forms with odd fields. Every answer
// must be below 500, every 4xx must be the error shape of decisions §1 with request_id =
// X-Request-Id, and a refusal on a mutating route must have stored nothing (the user's
// resources, read through the API, are the same before and after).
// The seed is fixed (FUZZ_SEED, default 424242; each route and kind of case derives its own
// from it) and the runs are bounded (FUZZ_RUNS valid and invalid cases per route, default 15,
// and half as many garbage bodies), so CI repeats exactly the same requests. FUZZ_LOG=<file>
// writes every request and answer there.
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeRows, type RouteRow } from '#shared/routes.ts';
import { silentWav } from '../support/uploads.ts';
import { Actor, SNAPSHOT_READS, firstDifference, pathParams, resourceOf, snapshot } from './actors.ts';
import { HUGE_NUMBERS, OwnRef, garbageBody, invalid, invalidPathSegment, invalidQueryValue, jsonSchemaOf, multipart, multipartUpload, queryText, valid, type JsonSchema } from './arbitraries.ts';
import { send, shapeProblems, type Body, type RawResponse } from './http.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 424242);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const GARBAGE_RUNS = Math.max(3, Math.ceil(RUNS / 2));
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type ParamValue = { readonly own: true } | { readonly text: string } | { readonly raw: string };

interface Case {
  readonly params: Readonly<Record<string, ParamValue>>;
  /** Values are text, or an OwnRef made text once resolved. */
  readonly query: readonly (readonly [string, unknown])[];
  readonly body?: Body;
  readonly headers?: Readonly<Record<string, string>>;
}

const OWN: ParamValue = { own: true };

function schemaParts(row: RouteRow) {
  const params = row.spec.params ? jsonSchemaOf(row.spec.params()) : undefined;
  const query = row.spec.query ? jsonSchemaOf(row.spec.query()) : undefined;
  const body = row.spec.body ? jsonSchemaOf(row.spec.body()) : undefined;
  return { params, query, body };
}

function propsOf(schema: JsonSchema | undefined): [string, JsonSchema][] {
  return Object.entries(schema?.properties ?? {});
}

function validParams(row: RouteRow, schema: JsonSchema | undefined): fc.Arbitrary<Record<string, ParamValue>> {
  const names = pathParams(row);
  const arbs = Object.fromEntries(
    names.map((name) => {
      const s = schema?.properties?.[name] ?? { type: 'string' };
      const generated = (valid(s) as fc.Arbitrary<string>).map((text): ParamValue => ({ text }));
      return [name, resourceOf(row, name) ? fc.oneof({ weight: 4, arbitrary: fc.constant(OWN) }, { weight: 1, arbitrary: generated }) : generated];
    }),
  );
  return fc.record(arbs);
}

function validQuery(schema: JsonSchema | undefined): fc.Arbitrary<(readonly [string, unknown])[]> {
  if (!schema) return fc.constant([]);
  return (valid(schema) as fc.Arbitrary<Record<string, unknown>>).map((q) => Object.entries(q));
}

function validCase(row: RouteRow): fc.Arbitrary<Case> {
  const s = schemaParts(row);
  const body = s.body ? valid(s.body).map((value): Body => ({ kind: 'json', value })) : fc.constant(undefined);
  return fc.record({ params: validParams(row, s.params), query: validQuery(s.query), body });
}

/** A valid case with exactly one part broken. */
function invalidCase(row: RouteRow): fc.Arbitrary<Case> {
  const s = schemaParts(row);
  const base = validCase(row);
  const breakers: fc.Arbitrary<Case>[] = [];
  const params = pathParams(row);
  if (params.length > 0) {
    breakers.push(
      fc.tuple(base, fc.constantFrom(...params)).chain(([c, name]) =>
        invalidPathSegment(s.params?.properties?.[name] ?? {}).map((raw) => ({ ...c, params: { ...c.params, [name]: { raw } } })),
      ),
    );
  }
  const queryProps = propsOf(s.query);
  if (queryProps.length > 0) {
    breakers.push(fc.tuple(base, fc.constantFrom(...queryProps)).chain(([c, [k, qs]]) => invalidQueryValue(qs).map((v) => ({ ...c, query: [...c.query.filter(([q]) => q !== k), [k, v] as const] }))));
    // The same parameter twice (API Gateway joins the values with a comma).
    breakers.push(fc.tuple(base, fc.constantFrom(...queryProps)).map(([c, [k]]) => ({ ...c, query: [...c.query, [k, '1'] as const, [k, '2'] as const] })));
  }
  // Parameters the route does not know.
  breakers.push(fc.tuple(base, fc.dictionary(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((k) => k !== 'token'), fc.string({ maxLength: 20 }), { minKeys: 1, maxKeys: 3 })).map(([c, extra]) => ({ ...c, query: [...c.query, ...Object.entries(extra)] })));
  if (s.body) breakers.push(fc.tuple(base, invalid(s.body)).map(([c, value]) => ({ ...c, body: { kind: 'json', value } })));
  // A JSON body on a route that takes none.
  else breakers.push(fc.tuple(base, fc.jsonValue({ maxDepth: 2 })).map(([c, value]) => ({ ...c, body: { kind: 'json', value } })));
  // An Idempotency-Key outside 1–255 printable characters (decisions §1b).
  if (MUTATING.has(row.method)) breakers.push(fc.tuple(base, fc.constantFrom('', ' ', '\t', 'k'.repeat(256), 'k'.repeat(5000), 'key with spaces')).map(([c, key]) => ({ ...c, headers: { 'idempotency-key': key } })));
  return fc.oneof(...breakers);
}

function garbageCase(row: RouteRow): fc.Arbitrary<Case> {
  return fc.tuple(validCase(row), garbageBody()).map(([c, body]) => ({ ...c, body }));
}

/** Multipart uploads with odd fields, for a route that streams its body. */
function uploadCase(row: RouteRow): fc.Arbitrary<Case> {
  return fc.tuple(validCase(row), multipartUpload(jsonSchemaOf(row.spec.streamBody!()), silentWav(1))).map(([c, body]) => ({ ...c, body }));
}

function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

function queryString(query: Case['query']): string {
  if (query.length === 0) return '';
  const search = new URLSearchParams();
  for (const [k, v] of query) search.append(k.replace(/[\ud800-\udfff]/g, '?'), queryText(v).replace(/[\ud800-\udfff]/g, '?'));
  return `?${search.toString()}`;
}

function describeCase(row: RouteRow, path: string, c: Case): string {
  const body = c.body === undefined ? '' : c.body.kind === 'raw' ? ` body=${c.body.label}` : ` body=${(JSON.stringify(c.body.value) ?? 'undefined').slice(0, 300)}`;
  const headers = c.headers ? ` headers=${JSON.stringify(c.headers).slice(0, 100)}` : '';
  return `${row.method} ${path.slice(0, 300)}${body}${headers}`;
}

/** Runs cases against one route as a rotating series of users, collecting every rule broken. */
class RouteFuzzer {
  private actor!: Actor;
  private baseline: string | undefined;
  readonly violations: string[] = [];
  readonly statuses = new Map<number, number>();

  constructor(private readonly row: RouteRow) {}

  async start(): Promise<void> {
    await this.rotate();
  }

  private async rotate(): Promise<void> {
    this.actor = await Actor.create({ audio: this.row.path.endsWith('/audio') });
    this.baseline = undefined;
    // Everything the path can name exists before the first snapshot.
    for (const name of pathParams(this.row)) {
      const kind = resourceOf(this.row, name);
      if (kind) await this.actor.resource(kind);
    }
  }

  /** The case with the caller's real ids in place of OwnRefs. */
  private async resolve(c: Case): Promise<Case> {
    const walk = async (v: unknown): Promise<unknown> => {
      if (v instanceof OwnRef) return Number(await this.actor.resource(v.kind));
      if (Array.isArray(v)) return Promise.all(v.map(walk));
      if (v && typeof v === 'object') return Object.fromEntries(await Promise.all(Object.entries(v).map(async ([k, x]) => [k, await walk(x)])));
      return v;
    };
    const query = await Promise.all(c.query.map(async ([k, v]) => [k, await walk(v)] as const));
    const body: Body | undefined = c.body?.kind === 'json' ? { kind: 'json', value: await walk(c.body.value) } : c.body;
    return { ...c, query, body };
  }

  private async resolvePath(c: Case): Promise<string> {
    let path = this.row.path;
    for (const name of pathParams(this.row)) {
      const v = c.params[name] ?? OWN;
      const kind = resourceOf(this.row, name);
      const segment = 'own' in v ? encode(kind ? await this.actor.resource(kind) : '') : 'text' in v ? encode(v.text) : v.raw;
      path = path.replace(`{${name}}`, segment);
    }
    return path;
  }

  async run(c: Case): Promise<void> {
    const mutating = MUTATING.has(this.row.method);
    const rateClass = this.row.spec.rateClass;
    // A fresh user before this one's rate budget (the request, two snapshots) could run out.
    if (!this.actor.fits(rateClass) || (mutating && !this.actor.fits('read', 2 * SNAPSHOT_READS))) await this.rotate();
    const made = this.actor.created;
    c = await this.resolve(c);
    const path = (await this.resolvePath(c)) + queryString(c.query);
    if (this.actor.created !== made) this.baseline = undefined;
    if (mutating && this.baseline === undefined) this.baseline = await snapshot(this.actor);
    this.actor.spend(rateClass);
    const res: RawResponse = await send({ method: this.row.method, path, token: this.actor.token, body: c.body, headers: c.headers });
    this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
    const what = describeCase(this.row, path, c);
    if (process.env.FUZZ_LOG) appendFileSync(process.env.FUZZ_LOG, `${res.status} ${what.slice(0, 400)} → ${res.text.slice(0, 300)}\n`);
    for (const problem of shapeProblems(res)) this.violations.push(`${what} → ${res.status}: ${problem}; answer: ${res.text.slice(0, 300)}`);
    if (!mutating) return;
    if (res.status >= 400) {
      const after = await snapshot(this.actor);
      if (after !== this.baseline) this.violations.push(`${what} → ${res.status} but something was stored: ${firstDifference(this.baseline!, after)}`);
      this.baseline = after;
    } else {
      // A request that did something: later comparisons start from a fresh user, so queued
      // work (a transcription, a delivery) cannot change what they compare.
      await this.rotate();
    }
  }
}

/** A seed per route and kind of case, from the route's key: adding a row changes no other row's requests. */
function seedFor(row: RouteRow, kind: string): number {
  let hash = 2166136261;
  for (const ch of `${row.key} ${kind}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return (SEED + hash) | 0;
}

async function fuzz(row: RouteRow, fuzzer: RouteFuzzer, kind: string, arbitrary: fc.Arbitrary<Case>, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (c) => {
      await fuzzer.run(c);
    }),
    { seed: seedFor(row, kind), numRuns, endOnFailure: true },
  );
}

describe('fuzzing every route of the table', () => {
  for (const row of routeRows) {
    it(`${row.key}`, async () => {
      const fuzzer = new RouteFuzzer(row);
      await fuzzer.start();
      const streamed = row.spec.streamBody !== undefined;
      // The upload route streams multipart bodies: odd form fields and garbage bodies there.
      if (!streamed) {
        await fuzz(row, fuzzer, 'valid', validCase(row), RUNS);
        await fuzz(row, fuzzer, 'invalid', invalidCase(row), RUNS);
      } else {
        await fuzz(row, fuzzer, 'upload', uploadCase(row), RUNS);
        // Every form field once with each huge number (the largest safe integer, one past the
        // latest instant a Date holds, sixteen nines), alongside a real WAV.
        const wav = silentWav(1);
        const fields = Object.keys(jsonSchemaOf(row.spec.streamBody!()).properties ?? {}).filter((k) => k !== 'file');
        for (const field of fields) {
          for (const value of HUGE_NUMBERS) {
            const body: Body = { kind: 'raw', data: multipart('huge', [[field, value]], 'wav', wav, false), contentType: 'multipart/form-data; boundary=huge', label: `multipart ${field}=${value}` };
            await fuzzer.run({ params: {}, query: [], body });
          }
        }
      }
      await fuzz(row, fuzzer, 'garbage', garbageCase(row), GARBAGE_RUNS);
      const seen = [...fuzzer.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
      console.info(`fuzz ${row.key}: ${seen}`);
      expect(fuzzer.violations).toEqual([]);
    }, 300_000);
  }
});
