// Text rules and the escaping of what outputs embed (issue 16, items 7, 8 and 11): the checks
// every text field goes through (bytes that are not UTF-8 included, in a body or a query), the iCalendar file read back by a third-party parser
// (node-ical), download names, and how much audio a WAV header leaves room for.
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lineProblem, rawQueryIssues, textIssues, textProblem, utf8Text } from '#shared/domain/text.ts';
import { input, parsedInput } from '#shared/http/middleware/input.ts';
import { routeRows } from '#shared/routes.ts';
import { icsCalendar } from '#shared/recordings/calendar.ts';
import { attachment } from '#shared/recordings/present.ts';
import { wavAudioSeconds } from '#shared/recordings/wav-length.ts';
import { parseUploadFields } from '#shared/recordings/upload-fields.ts';
import { listQuery } from '#shared/http/recording-schemas.ts';
import { inviteBody } from '#shared/http/auth-schemas.ts';
import { wavHeader } from '../support/wav.ts';

describe('text rules', () => {
  it.each(['a\ud800b', '\udfff', 'x\u0000', 'bell\u0007', '\u001b[31m', 'del\u007f', 'c1\u0085'])('refuses %j everywhere', (value) => {
    expect(textProblem(value)).toBeDefined();
    expect(lineProblem(value)).toBeDefined();
  });

  it.each(['', 'plain', 'two\nlines', 'tab\there', 'crlf\r\n', '😀 e\u0301 Réunion'])('takes %j in multi-line texts', (value) => {
    expect(textProblem(value)).toBeUndefined();
  });

  it.each(['two\nlines', 'cr\r', 'tab\t', 'sep\u2028'])('refuses %j in one-line texts', (value) => {
    expect(lineProblem(value)).toBeDefined();
  });

  it.each(['report\u202Efdp.exe', 'a\u202Ab', 'x\u202Dy\u202C', 'iso\u2067late\u2069', '\u2066x'])('refuses the bidirectional embedding, override or isolate in %j as a one-line text', (value) => {
    expect(lineProblem(value)).toBe('must not contain bidirectional embedding, override or isolate characters');
  });

  it.each(['שלום עולם', 'Réunion \u200Fשלום\u200F', 'اجتماع\u061C 3', 'a\u200Eb'])('takes the right-to-left name %j with its marks', (value) => {
    expect(lineProblem(value)).toBeUndefined();
  });

  it('says why a spoofing name is refused, in a body and in an upload\'s file name', async () => {
    const parsed = inviteBody().safeParse({ email: 'a@example.test', name: 'Ana\u202Egpj.exe' });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['must not contain bidirectional embedding, override or isolate characters']);
    await expect(parseUploadFields({}, 'minutes\u202E4pm.wav')).rejects.toMatchObject({ status: 400, details: [{ path: 'filename', message: expect.stringContaining('bidirectional') }] });
    await expect(parseUploadFields({ title: 'Call \u2067x\u2069' })).rejects.toMatchObject({ details: [{ path: 'title', message: expect.stringContaining('bidirectional') }] });
    await expect(parseUploadFields({ title: 'שלום' }, 'ישיבה.wav')).resolves.toMatchObject({ title: 'שלום' });
  });

  it('refuses a line break in an invited user\'s name, as in every other name', () => {
    expect(inviteBody().safeParse({ email: 'a@example.test', name: 'Ana\nBcc: evil' }).success).toBe(false);
    expect(inviteBody().safeParse({ email: 'a@example.test', name: 'Ana Lima' }).success).toBe(true);
  });

  it('finds bad text deep inside a value and in its keys, without recursion', () => {
    expect(textIssues({ a: [{ b: 'ok' }, { c: 'x\ud800' }], ['k\u0000']: 1 }).map((i) => i.path).sort()).toEqual(['a.1.c', 'k\u0000']);
    let deep: unknown = 'x\u0001';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(textIssues(deep)).toHaveLength(1);
  });
});

describe('iCalendar escaping', () => {
  const event = { id: 7, title: 'Review; budget, plan\\B\nline', start_datetime: '2026-11-24T15:00:00.000Z', end_datetime: '2026-11-24T16:00:00.000Z', description: 'd\u0007', location: 'Room 4', created_at: '2026-11-20T00:00:00.000Z' };

  it('keeps a hostile recording title inside NAME and X-WR-CALNAME', () => {
    const title = 'Sync\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:evil\r\nSUMMARY:injected\r\nEND:VEVENT; a,b\\';
    const ics = icsCalendar(3, title, [event as never]);
    const lines = ics.split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('UID:'))).toEqual([expect.stringMatching(/^UID:event-3-[0-9a-f]{16}@verbatim$/)]);
    const parsed = ical.sync.parseICS(ics);
    const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Review; budget, plan\\B\nline');
    expect(events[0]!.description).toBe('d');
    // Unfolded, the name is one escaped TEXT value (RFC 5545 §3.3.11).
    const unfolded = ics.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('X-WR-CALNAME:Sync\\nEND:VCALENDAR\\nBEGIN:VEVENT\\nUID:evil\\nSUMMARY:injected\\nEND:VEVENT\\; a\\,b\\\\ events\r\n');
  });
});

describe('download names', () => {
  it('survives a stored lone surrogate', () => {
    expect(attachment('a\ud800b.wav')).toBe(`attachment; filename="a_b.wav"; filename*=UTF-8''a%EF%BF%BDb.wav`);
  });
});

describe('integer query parameters take digits only', () => {
  it.each(['1e2', ' 10', '10.0', '0x1', '+5', ''])('refuses per_page=%j', (value) => {
    expect(listQuery().safeParse({ per_page: value }).success).toBe(false);
  });

  it('takes plain digits', () => {
    expect(listQuery().parse({ per_page: '100', page: '2' })).toMatchObject({ per_page: 100, page: 2 });
  });
});

describe('audio a WAV can hold', () => {
  it.each([
    ['a 12-byte RIFF', Buffer.from('RIFF\x04\x00\x00\x00WAVE', 'latin1'), 12, 0],
    ['a bare header', wavHeader(0), 44, 0],
    ['a header claiming 4 GB over 2 KB', wavHeader(0xffffff00), 44 + 2048, 2048 / 32000],
    ['one second', wavHeader(32000), 44 + 32000, 1],
    ['an unknown data size', wavHeader(0xffffffff), 44 + 64000, 2],
  ])('%s', (_, head, size, seconds) => {
    expect(wavAudioSeconds(head, size)).toBeCloseTo(seconds);
  });
});

describe('bytes that are not UTF-8', () => {
  const encoded = (bytes: number[]) => bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  const notUtf8 = [[0xff], [0x80], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf4, 0x90, 0x80, 0x80]];

  it.each(notUtf8)('refuses %j as text, where a lossy decode would give U+FFFD', (...bytes) => {
    expect(Buffer.from(bytes).toString('utf8')).toContain('\ufffd');
    expect(utf8Text(Buffer.from([0x61, ...bytes, 0x62]))).toBeUndefined();
    expect(rawQueryIssues(`page=1&q=a${encoded(bytes)}b`)).toEqual([{ path: 'q', message: 'must be well-formed UTF-8' }]);
    expect(rawQueryIssues(`a${encoded(bytes)}=1`)).toEqual([{ path: 'query', message: 'parameter name must be well-formed UTF-8' }]);
  });

  it('takes percent-encoded UTF-8, plus signs and a percent sign that encodes nothing', () => {
    expect(utf8Text(Buffer.from('😀 Réunion ﻿', 'utf8'))).toBe('😀 Réunion ﻿');
    expect(rawQueryIssues(`q=${encodeURIComponent('😀 Réunion')}&r=a+b&s=100%&t=%zz&flag&=x`)).toEqual([]);
  });

  const tags = routeRows.find((r) => r.key === 'POST /tags')!;
  const event = (body: string | undefined, rawQueryString = '') =>
    ({ headers: { 'content-type': 'application/json' }, rawQueryString, body, isBase64Encoded: body !== undefined }) as unknown as APIGatewayProxyEventV2;
  const check = (e: APIGatewayProxyEventV2) => input(tags.spec).before!({ event: e, context: {}, response: undefined, error: undefined, internal: {} } as never);

  it('refuses a JSON body that came as bytes (base64) and is not UTF-8, naming the body', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('b"}')]);
    await expect(check(event(bytes.toString('base64')))).rejects.toMatchObject({ status: 400, details: [{ path: 'body', message: 'must be well-formed UTF-8' }] });
    const good = event(Buffer.from('{"name":"Réunion 😀"}').toString('base64'));
    await check(good);
    expect(parsedInput(good).body).toMatchObject({ name: 'Réunion 😀' });
  });

  it('refuses a query parameter whose raw bytes are not UTF-8, whatever the gateway decoded them to', async () => {
    const e = { ...event(undefined, 'q=%ED%A0%80'), queryStringParameters: { q: '\ufffd\ufffd\ufffd' } } as APIGatewayProxyEventV2;
    await expect(input(routeRows.find((r) => r.key === 'GET /recordings')!.spec).before!({ event: e } as never)).rejects.toMatchObject({ status: 400, details: [{ path: 'q', message: 'must be well-formed UTF-8' }] });
  });
});

describe('a required field left out', () => {
  it('is named as required, not as a type zod expected', async () => {
    const webhooks = routeRows.find((r) => r.key === 'POST /webhooks')!;
    const e = { headers: { 'content-type': 'application/json' }, rawQueryString: '', body: JSON.stringify({ name: 'n', url: 'https://example.com/hook' }), isBase64Encoded: false } as unknown as APIGatewayProxyEventV2;
    await expect(input(webhooks.spec).before!({ event: e } as never)).rejects.toMatchObject({ status: 400, message: 'Invalid request: events is required', details: [{ path: 'events', message: 'is required' }] });
    const typed = { ...e, body: JSON.stringify({ name: 'n', url: 'https://example.com/hook', events: 'all' }) } as APIGatewayProxyEventV2;
    await expect(input(webhooks.spec).before!({ event: typed } as never)).rejects.toMatchObject({ details: [{ path: 'events', message: expect.stringMatching(/expected array, received string/) }] });
  });
});

describe('a value out of bounds', () => {
  const request = (key: string, body: unknown, rawQueryString = ''): Promise<void> => {
    const pathParameters = key.includes('{id}') ? { id: '1' } : undefined;
    const e = { headers: { 'content-type': 'application/json' }, rawQueryString, queryStringParameters: Object.fromEntries(new URLSearchParams(rawQueryString)), pathParameters, body: body === undefined ? undefined : JSON.stringify(body), isBase64Encoded: false } as unknown as APIGatewayProxyEventV2;
    return input(routeRows.find((r) => r.key === key)!.spec).before!({ event: e } as never) as Promise<void>;
  };

  it.each([
    ['POST /tags', 'name', 'must be at most 100 characters', { name: 'x'.repeat(101) }, ''],
    ['POST /tags', 'name', 'must not be empty', { name: '' }, ''],
    ['PATCH /recordings/{id}', 'title', 'must be at most 500 characters', { title: 'x'.repeat(501) }, ''],
    ['PATCH /recordings/{id}', 'title', 'must not be empty', { title: '  ' }, ''],
    ['GET /recordings', 'q', 'must be at most 500 characters', undefined, `q=${'x'.repeat(501)}`],
    ['POST /recordings/{id}/summarize', 'custom_prompt', 'must be at most 10000 characters', { custom_prompt: 'x'.repeat(10_001) }, ''],
    ['POST /admin/groups', 'name', 'must be at most 100 characters', { name: 'x'.repeat(101) }, ''],
    ['POST /recordings/{id}/transcribe', 'min_speakers', 'must be at most 50', { min_speakers: 51 }, ''],
  ])('%s: %s %s', async (key, path, message, body, query) => {
    await expect(request(key, body, query)).rejects.toMatchObject({ status: 400, details: expect.arrayContaining([{ path, message }]) });
  });

  it('names a field the route does not take, and a change that names none, in words', async () => {
    await expect(request('PATCH /recordings/{id}', { time_zone: 'Europe/Berlin' })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid request: time_zone is not a field this request takes; body must name at least one field to change',
      details: [{ path: 'time_zone', message: 'is not a field this request takes' }, { path: 'body', message: 'must name at least one field to change' }],
    });
    await expect(request('PATCH /tags/{id}', { colour: '#fff', nom: 'x' })).rejects.toMatchObject({ details: expect.arrayContaining([{ path: 'colour, nom', message: 'are not fields this request takes' }]) });
    await expect(request('PATCH /webhooks/{id}', {})).rejects.toMatchObject({ message: 'Invalid request: body must name at least one field to change' });
  });

  it('reads the same in the upload form', async () => {
    await expect(parseUploadFields({ title: 'x'.repeat(501) })).rejects.toMatchObject({ message: 'Invalid upload: title must be at most 500 characters' });
  });
});
