import { describe, expect, it } from 'vitest';
import { redact } from '#shared/logger.ts';

const token = 'vbt_Xq3Lr8VbN2pKt7WzJ5cYf1HsD9gMa4EuQ6oTiR0nBvC0uEu7v';

describe('the logger redacts secrets itself', () => {
  it.each([
    ['a token in free text', `token was ${token}`, 'token was vbt_[REDACTED]'],
    ['a ?token= query value', `/api/v1/docs?token=${token}&x=1`, '/api/v1/docs?token=[REDACTED]&x=1'],
    ['a Bearer header value', `Bearer ${token}`, 'Bearer [REDACTED]'],
    ['a webhook secret', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsec_[REDACTED]'],
    ['a presigned signature', 'https://s3/x?X-Amz-Credential=AK%2F1&X-Amz-Signature=abc123', 'https://s3/x?X-Amz-Credential=[REDACTED]&X-Amz-Signature=[REDACTED]'],
  ])('in %s', (_, input, output) => {
    expect(redact(input)).toBe(output);
  });

  it('blanks fields whose names say they hold secrets, at any depth', () => {
    expect(redact({ headers: { authorization: 'x', 'x-api-token': 'y', accept: 'json' }, secret: 's', api_key: 'k', count: 3 })).toEqual({
      headers: { authorization: '[REDACTED]', 'x-api-token': '[REDACTED]', accept: 'json' },
      secret: '[REDACTED]',
      api_key: '[REDACTED]',
      count: 3,
    });
  });

  it('redacts inside error messages', () => {
    expect(redact(new Error(`bad ${token}`))).toMatchObject({ name: 'Error', message: 'bad vbt_[REDACTED]' });
  });
});
