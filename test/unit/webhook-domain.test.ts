import { describe, expect, it } from 'vitest';
import { isRetryable, judge, normaliseEventList, sendsDirectly, subscribes, wasSlow } from '#shared/domain/webhooks/delivery-policy.ts';
import { deliveryId, newSecret, signatureHeader, standardSignature } from '#shared/domain/webhooks/signing.ts';
import { envelope, replayEnvelope } from '#shared/webhooks/envelope.ts';

// The signature vector of the API decisions (auth-and-signature vectors).
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  body: '{"id":"0b7f4b3e-8a51-4c57-9a0e-2f1d3c4b5a69","type":"webhook.test","timestamp":"2026-11-21T10:00:00.000Z","user_id":1,"data":{"reason":"manual test","webhook_id":7}}',
  header: 'sha256=55c1b9c8b653e3b70df67e733e814ebd001508344abbbfa352080bbfa7519263',
};

describe('signatures', () => {
  it('signs the exact body with the whole secret string (vector)', () => {
    expect(signatureHeader(VECTOR.secret, VECTOR.body)).toBe(VECTOR.header);
  });

  it('changes with one byte of the body', () => {
    expect(signatureHeader(VECTOR.secret, `${VECTOR.body} `)).not.toBe(VECTOR.header);
  });

  it('signs Standard Webhooks style over id.timestamp.body with the decoded secret', () => {
    const a = standardSignature(VECTOR.secret, 'msg_1', 1795262400, VECTOR.body);
    expect(a).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(standardSignature(VECTOR.secret, 'msg_1', 1795262401, VECTOR.body)).not.toBe(a);
  });

  it('makes secrets of whsec_ and 32 random bytes', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSecret()).not.toBe(secret);
  });
});

describe('delivery ids', () => {
  it('are the same for the same event and webhook, and differ otherwise', () => {
    const id = deliveryId('evt-1', 7);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryId('evt-1', 7)).toBe(id);
    expect(deliveryId('evt-1', 8)).not.toBe(id);
    expect(deliveryId('evt-2', 7)).not.toBe(id);
  });
});

describe('what an attempt means', () => {
  const policy = { maxAttempts: 5, schedule: [30, 120, 600, 3600] };
  const response = (status: number, retryAfterSeconds?: number) => ({ kind: 'response' as const, status, retryAfterSeconds });

  it.each([
    [response(200), 'success'],
    [response(204), 'success'],
    [response(301), 'permanent_failure'],
    [response(400), 'permanent_failure'],
    [response(404), 'permanent_failure'],
    [response(410), 'permanent_failure'],
    [response(408), 'retry'],
    [response(429), 'retry'],
    [response(500), 'retry'],
    [response(503), 'retry'],
    [{ kind: 'timeout' as const }, 'retry'],
    [{ kind: 'network-error' as const, message: 'ECONNRESET' }, 'retry'],
    [{ kind: 'blocked' as const, reason: 'private address' }, 'permanent_failure'],
  ])('%o → %s', (outcome, result) => {
    expect(judge(outcome, 1, policy, 0).result).toBe(result);
  });

  it('walks the ladder 30 s, 2 min, 10 min, 1 h, then gives up after the fifth attempt', () => {
    expect([1, 2, 3, 4].map((a) => judge(response(500), a, policy, 0))).toEqual([30, 120, 600, 3600].map((delaySeconds) => ({ result: 'retry', delaySeconds })));
    expect(judge(response(500), 5, policy, 0)).toEqual({ result: 'permanent_failure' });
  });

  it('stretches each delay by at most 10 % of jitter', () => {
    expect(judge(response(500), 1, policy, 0.999)).toEqual({ result: 'retry', delaySeconds: 32.997 });
  });

  it('honours a longer Retry-After, capped at an hour, but never shortens the ladder', () => {
    expect(judge(response(429, 300), 1, policy, 0)).toEqual({ result: 'retry', delaySeconds: 300 });
    expect(judge(response(429, 10), 1, policy, 0)).toEqual({ result: 'retry', delaySeconds: 30 });
    expect(judge(response(429, 99999), 1, policy, 0)).toEqual({ result: 'retry', delaySeconds: 3600 });
  });

  it('treats 408, 429, 5xx, timeouts and network errors as retryable, and nothing else', () => {
    expect([408, 429, 500, 599, 301, 400, 401, 404].map((s) => isRetryable(response(s)))).toEqual([true, true, true, true, false, false, false, false]);
  });
});

describe('subscriptions', () => {
  it('matches listed types, and every type for "*"', () => {
    expect(subscribes(['recording.created'], 'recording.created')).toBe(true);
    expect(subscribes(['recording.created'], 'recording.deleted')).toBe(false);
    expect(subscribes(['*'], 'recording.deleted')).toBe(true);
  });

  it('keeps a list of known types without duplicates, and "*" alone', () => {
    expect(normaliseEventList(['recording.created', 'recording.created', 'recording.deleted'])).toEqual({ ok: true, events: ['recording.created', 'recording.deleted'] });
    expect(normaliseEventList(['*', 'recording.created'])).toEqual({ ok: true, events: ['*'] });
    expect(normaliseEventList(['recording.created', 'recording.exploded'])).toEqual({ ok: false, unknown: ['recording.exploded'] });
  });
});

describe('the envelope', () => {
  const event = { type: 'recording.created' as const, timestamp: '2026-11-21T10:00:00.000Z', user_id: 3, data: { recording_id: 9, title: 'x' } };

  it('is compact JSON with id, type, timestamp, user_id and data', () => {
    expect(envelope('d-1', event)).toBe('{"id":"d-1","type":"recording.created","timestamp":"2026-11-21T10:00:00.000Z","user_id":3,"data":{"recording_id":9,"title":"x"}}');
  });

  it('gives a replay a new id and says where it came from', () => {
    expect(JSON.parse(replayEnvelope(envelope('d-1', event), 'd-2', 'd-1'))).toEqual({ id: 'd-2', ...event, replayed_from: 'd-1' });
  });
});

describe('who makes the first attempt', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('counts an answer after more than a second, a timeout or a network error as slow, and neither a quick answer of any status nor a refusal', () => {
    expect(wasSlow({ kind: 'response', status: 204 }, 1001)).toBe(true);
    expect(wasSlow({ kind: 'timeout' }, 10)).toBe(true);
    expect(wasSlow({ kind: 'network-error', message: 'ECONNRESET' }, 3)).toBe(true);
    expect(wasSlow({ kind: 'response', status: 500 }, 999)).toBe(false);
    expect(wasSlow({ kind: 'blocked', reason: 'private address' }, 0)).toBe(false);
  });

  it('lets fan-out send to a webhook never slow, or slow only before now, and queues one slow until later', () => {
    expect(sendsDirectly({}, now)).toBe(true);
    expect(sendsDirectly({ slow_until: null }, now)).toBe(true);
    expect(sendsDirectly({ slow_until: '2026-11-25T09:59:59Z' }, now)).toBe(true);
    expect(sendsDirectly({ slow_until: '2026-11-25T10:00:01Z' }, now)).toBe(false);
  });
});
