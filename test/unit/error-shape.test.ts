import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, MethodNotAllowedError, NotFoundError, PayloadTooLargeError, RateLimitedError, UnauthorizedError, ValidationError } from '#shared/domain/errors.ts';
import { errorResult } from '#shared/http/errors.ts';
import { withBoundary } from '#shared/http/middleware/boundary.ts';

const body = (error: unknown) => JSON.parse(errorResult(error, 'req-1').result.body as string);
const status = (error: unknown) => errorResult(error, 'req-1').result.statusCode;

describe('the one error shape', () => {
  it.each([
    [new ValidationError('bad', [{ path: 'per_page', message: 'too big' }]), 400, 'validation_failed'],
    [new UnauthorizedError(), 401, 'unauthorized'],
    [new ForbiddenError('no'), 403, 'forbidden'],
    [new NotFoundError('none'), 404, 'not_found'],
    [new MethodNotAllowedError(['GET']), 405, 'method_not_allowed'],
    [new ConflictError('busy'), 409, 'conflict'],
    [new PayloadTooLargeError('big', { max_size_mb: 1000 }), 413, 'payload_too_large'],
    [new RateLimitedError(7, {}), 429, 'rate_limited'],
  ])('maps %s to %i %s', (error, code, name) => {
    expect(status(error)).toBe(code);
    expect(body(error)).toMatchObject({ code: name, request_id: 'req-1', error: expect.any(String) });
  });

  it('lists validation details by field', () => {
    expect(body(new ValidationError('bad', [{ path: 'per_page', message: 'too big' }])).details).toEqual([{ path: 'per_page', message: 'too big' }]);
  });

  it('carries extra fields and headers: max_size_mb, retry_after, WWW-Authenticate, Allow', () => {
    expect(body(new PayloadTooLargeError('big', { max_size_mb: 1000 })).max_size_mb).toBe(1000);
    expect(body(new RateLimitedError(7, {})).retry_after).toBe(7);
    expect(errorResult(new RateLimitedError(7, {}), 'r').result.headers['Retry-After']).toBe('7');
    expect(errorResult(new UnauthorizedError(), 'r').result.headers['WWW-Authenticate']).toBe('Bearer');
    expect(errorResult(new MethodNotAllowedError(['GET', 'POST']), 'r').result.headers.Allow).toBe('GET, POST');
  });

  it('maps the JSON body parser: malformed JSON is 400, another content type 415', () => {
    const parser = (statusCode: number) => Object.assign(new Error('x'), { statusCode, cause: { package: '@middy/http-json-body-parser' } });
    expect(status(parser(422))).toBe(400);
    expect(status(parser(415))).toBe(415);
  });

  it('maps idempotency conflicts: in progress is 409, a different request is 422', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(status(named('IdempotencyAlreadyInProgressError'))).toBe(409);
    expect(status(named('IdempotencyValidationError'))).toBe(422);
    expect(body(named('IdempotencyValidationError')).details[0].path).toBe('Idempotency-Key');
  });

  it('answers 500 for anything else without its message or stack', () => {
    const crash = new Error('connect ECONNREFUSED sk-live-secret at Object.<anonymous> (/var/task/index.mjs:1:1)');
    const result = errorResult(crash, 'req-1').result;
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toMatch(/ECONNREFUSED|secret|index\.mjs/);
    expect(JSON.parse(result.body as string)).toEqual({ error: 'Internal server error', code: 'internal', request_id: 'req-1' });
  });
});

describe('the request boundary', () => {
  const event = { rawPath: '/api/v1/x', requestContext: { requestId: 'abc', http: { method: 'GET' } } } as unknown as APIGatewayProxyEventV2;

  it('turns a crash into a JSON 500 whose request_id matches the X-Request-Id header', async () => {
    const handler = withBoundary('GET /x', async () => {
      throw new TypeError('cannot read properties of undefined');
    });
    const result = await handler(event, {} as Context);
    expect(result.statusCode).toBe(500);
    expect(result.headers['Content-Type']).toBe('application/json');
    expect(result.headers['X-Request-Id']).toBe('abc');
    expect(JSON.parse(result.body as string).request_id).toBe('abc');
  });
});
