// fast-check arbitraries derived from the route table's zod schemas: the schema becomes a JSON
// Schema (z.toJSONSchema, input side) and the JSON Schema becomes values that fit it (valid),
// values that break it somewhere (invalid), and bodies no schema could describe (garbage).
import fc from 'fast-check';
import * as z from 'zod/mini';
import { EVENT_TYPES } from '#shared/domain/webhooks/catalogue.ts';
import type { Body } from './http.ts';

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly propertyNames?: JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly nullable?: boolean;
}

export function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const INT32 = 2 ** 31 - 1;
const HUGE = 100 * 1024;

/** Strings a parser or a store may trip over. */
const WEIRD_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '😀',
  'e\u0301',
  '\u202egnp.exe',
  '\ufeff',
  'null',
  'undefined',
  'true',
  '-1',
  '1e999',
  'NaN',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  'x'.repeat(300),
];

const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 64, [], {}, [1, 'a'], { a: 1 }, 'text'];

/** Nested arrays `depth` deep: a JSON value that recursive code may not survive. */
function deep(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

function text(min = 0, max = 60): fc.Arbitrary<string> {
  const cap = Math.min(max, min + 60);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: cap }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }) },
    )
    .filter((s) => s.length >= min && s.length <= max);
}

const isoDate = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }).chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 10)));

/** Stands for the id of one of the caller's resources; the fuzzer puts the real id in before sending. */
export class OwnRef {
  constructor(readonly kind: 'recording' | 'tag' | 'speaker') {}
  toJSON(): string {
    return `<own ${this.kind}>`;
  }
}

const ownOr = (kind: OwnRef['kind'], schema: JsonSchema) => fc.oneof({ weight: 2, arbitrary: fc.constant(new OwnRef(kind)) }, { weight: 1, arbitrary: valid(schema) });
const ownIds = (kind: OwnRef['kind']) => (schema: JsonSchema) =>
  fc.array(ownOr(kind, schema.items ?? { type: 'integer', minimum: 1 }), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, 3) });

/** Values that fit a property better than its JSON Schema alone can say (formats checked by refinements, ids of the caller's resources). */
const HINTS: Readonly<Record<string, (schema: JsonSchema) => fc.Arbitrary<unknown>>> = {
  date_from: () => isoDate,
  date_to: () => isoDate,
  meeting_date: () => isoDate,
  url: () => fc.constantFrom('https://93.184.216.34/hook', 'https://1.1.1.1/x?y=1', 'http://93.184.216.34/', 'https://127.0.0.1/', 'https://no-such-host.invalid/hook'),
  events: () => fc.uniqueArray(fc.constantFrom('*', ...EVENT_TYPES), { minLength: 1, maxLength: 4 }),
  include: () => fc.subarray(['transcription', 'summary', 'notes']).map((a) => a.join(',')),
  filename: () => fc.constantFrom('meeting.wav', 'a.mp3', 'x.ogg'),
  content_type: () => fc.constantFrom('audio/wav', 'audio/mpeg', 'video/mp4', 'application/octet-stream', 'text/plain'),
  size: () => fc.integer({ min: 1, max: 25 * 1024 * 1024 }),
  tag_id: (schema) => ownOr('tag', schema),
  tag_ids: ownIds('tag'),
  add_tag_ids: ownIds('tag'),
  remove_tag_ids: ownIds('tag'),
  recording_ids: ownIds('recording'),
  speaker_id: (schema) => ownOr('speaker', schema),
  language: () => fc.constantFrom('en', 'de', 'fr', 'xx'),
  // Numbers, or numbers as form text where the schema takes either (the presigned upload's fields).
  min_speakers: (schema) => speakerCount(schema),
  max_speakers: (schema) => speakerCount(schema),
  file_last_modified: () => fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.getTime()), fc.nat().map(String)),
  // The labels the seeded transcript has (the JSON Schema keeps only their pattern).
  speaker_map: (schema) =>
    fc.dictionary(fc.constantFrom('SPEAKER_00', 'SPEAKER_01'), valid(typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {}), { minKeys: 1, maxKeys: 2 }),
};

function speakerCount(schema: JsonSchema): fc.Arbitrary<unknown> {
  const count = fc.integer({ min: schema.minimum ?? 1, max: Math.min(schema.maximum ?? 20, 20) });
  return types(schema).includes('integer') ? count : fc.oneof(count, count.map(String));
}

function withoutNull(schema: JsonSchema): JsonSchema {
  const { nullable: _, ...rest } = schema;
  return rest;
}

function types(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : [...schema.type];
}

/** Values that fit the schema (valid-ish: refinements beyond the JSON Schema may still refuse some). */
export function valid(schema: JsonSchema, key?: string): fc.Arbitrary<unknown> {
  if (schema.nullable) return fc.oneof({ weight: 4, arbitrary: valid(withoutNull(schema), key) }, { weight: 1, arbitrary: fc.constant(null) });
  const nonNull = (schema.anyOf ?? []).filter((b) => b.type !== 'null');
  if (schema.anyOf && nonNull.length < schema.anyOf.length) {
    const rest: JsonSchema = nonNull.length === 1 ? nonNull[0]! : { anyOf: nonNull };
    return fc.oneof({ weight: 4, arbitrary: valid(rest, key) }, { weight: 1, arbitrary: fc.constant(null) });
  }
  const hint = key ? HINTS[key] : undefined;
  if (hint) return hint(schema);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => valid(b, key)));
  const [type] = types(schema);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : text(schema.minLength ?? 0, schema.maxLength ?? 60);
    case 'integer': {
      const min = schema.minimum ?? -INT32;
      const max = schema.maximum ?? INT32;
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: Math.max(min, -INT32), max: Math.min(max, INT32) }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
      );
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(valid(schema.items ?? {}), { minLength, maxLength: Math.min(schema.maxItems ?? 5, minLength + 5) });
    }
    case 'object': {
      if (schema.properties) {
        const props = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, valid(v, k)]));
        return fc.record(props, { requiredKeys: [...(schema.required ?? [])] });
      }
      if (typeof schema.additionalProperties === 'object') {
        const keys = schema.propertyNames ? valid(schema.propertyNames) : text(1, 20);
        return fc.dictionary(keys as fc.Arbitrary<string>, valid(schema.additionalProperties), { minKeys: 1, maxKeys: 4 });
      }
      return fc.dictionary(text(1, 10), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values that break the schema somewhere (or are at least far outside what it expects). */
export function invalid(schema: JsonSchema, key?: string): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...WRONG_TYPES), fc.constant(deep(2000))];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) options.push(...branches.map((b) => invalid(b, key)));
  if (schema.enum || 'const' in schema) options.push(fc.constantFrom(...WEIRD_STRINGS), text(0, 20), fc.constantFrom(...(schema.enum ?? [schema.const]).map((v) => (typeof v === 'string' ? v.toUpperCase() + ' ' : typeof v === 'number' ? v + 0.5 : 'x'))));
  const [type] = types(schema);
  switch (type) {
    case 'string':
      options.push(fc.constantFrom(...WEIRD_STRINGS), fc.constant('x'.repeat(HUGE)), fc.constant('😀'.repeat(HUGE / 4)));
      if (schema.maxLength !== undefined) options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
      if (schema.pattern) options.push(fc.string({ unit: 'grapheme', maxLength: 40 }));
      break;
    case 'integer':
    case 'number': {
      const { minimum: min, maximum: max } = schema;
      const edges: unknown[] = [1e308, -1e308, 2 ** 53 + 1, -(2 ** 53) - 1, 2 ** 64, 5e-324, -0, '1', '1e3'];
      if (min !== undefined) edges.push(min - 1, min - 0.5);
      if (max !== undefined) edges.push(max + 1, max + 0.5);
      if (type === 'integer') edges.push((min ?? 0) + 0.5);
      options.push(fc.constantFrom(...edges), fc.double({ noNaN: true }));
      break;
    }
    case 'boolean':
      options.push(fc.constantFrom('true', 'false', 1, 0, 'yes'));
      break;
    case 'array': {
      const item = schema.items ?? {};
      options.push(fc.array(invalid(item), { minLength: 1, maxLength: 3 }));
      if ((schema.minItems ?? 0) > 0) options.push(fc.constant([]));
      if (schema.maxItems !== undefined && schema.maxItems <= 10_000) options.push(valid(item).map((v) => Array.from({ length: schema.maxItems! + 1 }, () => v)));
      break;
    }
    case 'object':
      options.push(invalidObject(schema));
      break;
  }
  return fc.oneof(...options);
}

function invalidObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = valid(schema) as fc.Arbitrary<Record<string, unknown>>;
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(null, [], 'object', 42, [{}])];
  options.push(fc.tuple(base, fc.constantFrom('unknown_field', '__proto__', 'constructor', 'x'.repeat(1000), ''), fc.jsonValue({ maxDepth: 2 })).map(([o, k, v]) => ({ ...o, [k]: v })));
  // A computed key makes an own "__proto__" property, which JSON.stringify sends as such.
  options.push(base.map((o) => ({ ['__proto__']: { polluted: true }, ...o })));
  const props = Object.entries(schema.properties ?? {});
  if (props.length > 0) {
    options.push(
      fc.tuple(base, fc.constantFrom(...props)).chain(([o, [k, s]]) => invalid(s, k).map((bad) => ({ ...o, [k]: bad }))),
    );
  }
  const required = schema.required ?? [];
  if (required.length > 0) {
    options.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([o, k]) => {
        const { [k]: _, ...rest } = o;
        return rest;
      }),
    );
  }
  if (typeof schema.additionalProperties === 'object') {
    options.push(fc.constant({}));
    options.push(fc.dictionary(fc.constantFrom('speaker', 'SPEAKER_', 'x', '', 'SPEAKER_00 '), valid(schema.additionalProperties), { minKeys: 1, maxKeys: 2 }));
    options.push(fc.constant(Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`SPEAKER_${i}`, 'Name']))));
  }
  return fc.oneof(...options);
}

/** Values for a path parameter that its schema refuses (already percent-encoded where raw). */
export function invalidPathSegment(schema: JsonSchema): fc.Arbitrary<string> {
  const encode = (s: string) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80';
    }
  };
  const raw = fc.constantFrom('%', '%zz', '%ED%A0%80', '%00', '%2F', '%2e%2e', '..', '.', 'a%20b', '%2e%2e%2fpackage.json', '%F0%9F%98%80');
  const named = fc.constantFrom('0', '-1', '1.5', '1e3', '0x1F', ' 1', '1 ', '+1', '01', '١٢', '１', '9'.repeat(16), '9'.repeat(400), 'abc', 'null', 'NaN', 'Infinity', '__proto__', '😀', '../package.json', 'swagger-ui.css.map', 'SWAGGER-UI.CSS', '00000000-0000-0000-0000-00000000000G', 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA', '0000000000000000000000000000000000000');
  return fc.oneof(
    raw,
    named.map(encode),
    fc.integer({ min: -INT32, max: 0 }).map(String),
    fc.double({ noNaN: true }).map((d) => encode(String(d))),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encode),
    schema.pattern ? fc.string({ minLength: 1, maxLength: 40 }).map(encode) : fc.constant('nope'),
  );
}

/** Query values that the schema refuses: wrong types as text, out of range, huge, unicode. */
export function invalidQueryValue(schema: JsonSchema): fc.Arbitrary<string> {
  const base = ['abc', '-1', '0', '1.5', '1e400', '9'.repeat(400), '', ' ', '0x10', 'Infinity', 'NaN', 'null', 'TRUE', 'yes', '😀', '\u0000', '[]', '{}'];
  const options: fc.Arbitrary<string>[] = [fc.constantFrom(...base), fc.constant('q'.repeat(8 * 1024)), fc.constant('Q'.repeat(HUGE)), fc.string({ unit: 'grapheme', maxLength: 30 })];
  if (schema.maximum !== undefined) options.push(fc.constant(String(schema.maximum + 1)));
  if (schema.minimum !== undefined) options.push(fc.constant(String(schema.minimum - 1)));
  return fc.oneof(...options);
}

/** A query value from a valid JSON value (query strings carry text only). */
export function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Bodies no schema describes: random bytes under various content types, broken JSON, huge and deep input. */
export function garbageBody(): fc.Arbitrary<Body> {
  const types = [undefined, 'application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'multipart/form-data', 'application/xml', 'application/octet-stream', ''];
  const literals = [
    'null',
    '[]',
    '""',
    '0',
    '-0',
    '1e999',
    'NaN',
    'true',
    '{"a":',
    '{',
    '}',
    '\ufeff{}',
    '{"__proto__":{"polluted":true}}',
    '{"name":"a","name":"b"}',
    `{"size":1${'0'.repeat(400)}}`,
    `{"x":"${'z'.repeat(HUGE)}"}`,
    `{"x":"${'z'.repeat(1100 * 1024)}"}`,
    'g'.repeat(7 * 1024 * 1024),
    '['.repeat(100_000) + ']'.repeat(100_000),
    '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
    '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nnot audio\r\n--xyz--\r\n',
    '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nno file\r\n--xyz--\r\n',
    '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nunterminated',
  ];
  return fc.oneof(
    fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 2000 }), fc.constantFrom(...types)).map(([data, contentType]): Body => ({ kind: 'raw', data, contentType, label: `${data.length} random bytes as ${contentType ?? '(no type)'}` })),
    fc.tuple(fc.constantFrom(...literals), fc.constantFrom(...types)).map(([data, contentType]): Body => ({ kind: 'raw', data, contentType, label: `${JSON.stringify(data.slice(0, 40))}${data.length > 40 ? `… (${data.length} chars)` : ''} as ${contentType ?? '(no type)'}` })),
  );
}

/** Form values at the edges of what the upload fields take: numbers past their ranges and past what a Date holds. */
export const HUGE_NUMBERS = ['9007199254740991', '8640000000000001', '9999999999999999'];

const FORM_EDGES = ['0', '-1', '1.5', '1e3', '20', '21', '51', '9007199254740991', '9007199254740992', '8640000000000001', '99999999999999999', '2024-02-30', '2024-13-01', 'not a date', 'EN', 'e'];

export function multipart(boundary: string, fields: readonly (readonly [string, string])[], file: 'wav' | 'garbage' | 'empty' | 'none', wav: Uint8Array, fileFirst: boolean): Buffer {
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`;
  const bytes = file === 'wav' ? wav : file === 'garbage' ? new TextEncoder().encode('not audio at all'.repeat(64)) : new Uint8Array();
  const filePart =
    file === 'none'
      ? [Buffer.alloc(0)]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="meeting.wav"\r\nContent-Type: audio/wav\r\n\r\n`), Buffer.from(bytes), Buffer.from('\r\n')];
  const fieldParts = fields.map(([k, v]) => Buffer.from(part(k, v)));
  return Buffer.concat([...(fileFirst ? [...filePart, ...fieldParts] : [...fieldParts, ...filePart]), Buffer.from(`--${boundary}--\r\n`)]);
}

/**
 * Well-formed multipart uploads whose fields are off: values past their ranges, unknown
 * fields, huge or odd text; with a real WAV, with bytes that are not audio, or with no file.
 */
export function multipartUpload(schema: JsonSchema, wav: Uint8Array): fc.Arbitrary<Body> {
  const names = Object.keys(schema.properties ?? {}).filter((k) => k !== 'file');
  const value = fc.oneof(fc.constantFrom(...FORM_EDGES), fc.constantFrom(...WEIRD_STRINGS), fc.constant('x'.repeat(HUGE)), text(0, 20));
  const fields = fc.uniqueArray(fc.tuple(fc.constantFrom(...names, 'unknown_field', 'tag_ids[1]', 'tag_ids[x]'), value), { minLength: 1, maxLength: 3, selector: ([k]) => k });
  return fc.tuple(fields, fc.constantFrom('wav', 'wav', 'garbage', 'empty', 'none') as fc.Arbitrary<'wav' | 'garbage' | 'empty' | 'none'>, fc.boolean()).map(([f, file, fileFirst]): Body => ({
    kind: 'raw',
    data: multipart('fuzzboundary', f, file, wav, fileFirst),
    contentType: 'multipart/form-data; boundary=fuzzboundary',
    label: `multipart ${JSON.stringify(f.map(([k, v]) => [k, v.length > 40 ? `${v.slice(0, 20)}… (${v.length} chars)` : v]))} file=${file}${fileFirst ? ' (first)' : ''}`,
  }));
}
