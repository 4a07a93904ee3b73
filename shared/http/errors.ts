// Maps anything thrown during a request to the one error shape. 500s never carry the
// error's own text: it may hold a provider's raw answer or a secret.
import { AppError, ValidationError, type ErrorCode } from '../domain/errors.ts';
import type { HttpResult } from './respond.ts';

interface ErrorShape {
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: readonly { path: string; message: string }[];
  readonly extra?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}

const IDEMPOTENCY_ERRORS: Record<string, ErrorShape> = {
  IdempotencyAlreadyInProgressError: { status: 409, code: 'conflict', message: 'A request with this Idempotency-Key is still being processed' },
  IdempotencyValidationError: {
    status: 422,
    code: 'validation_failed',
    message: 'This Idempotency-Key was already used for a different request',
    details: [{ path: 'Idempotency-Key', message: 'already used with a different method, path, query or body' }],
  },
};

function describeError(error: unknown): ErrorShape | undefined {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error instanceof ValidationError && error.details.length > 0 ? error.details : undefined,
      extra: error.extra,
      headers: error.headers,
    };
  }
  const name = (error as Error | undefined)?.name ?? '';
  if (IDEMPOTENCY_ERRORS[name]) return IDEMPOTENCY_ERRORS[name];
  return describeBodyParserError(error);
}

/** @middy/http-json-body-parser signals with HTTP errors of its own. */
function describeBodyParserError(error: unknown): ErrorShape | undefined {
  const e = error as { statusCode?: number; cause?: { package?: string } } | undefined;
  if (e?.cause?.package !== '@middy/http-json-body-parser') return undefined;
  if (e.statusCode === 415) return { status: 415, code: 'unsupported_media_type', message: 'Content-Type must be application/json' };
  return { status: 400, code: 'bad_request', message: 'Malformed JSON body' };
}

export function errorResult(error: unknown, requestId: string): { result: HttpResult; expected: boolean } {
  const shape = describeError(error) ?? { status: 500, code: 'internal' as const, message: 'Internal server error' };
  const body = {
    error: shape.message,
    code: shape.code,
    request_id: requestId,
    ...(shape.details ? { details: shape.details } : {}),
    ...shape.extra,
  };
  return {
    expected: shape.status < 500 || shape.code !== 'internal',
    result: { statusCode: shape.status, headers: { 'Content-Type': 'application/json', ...shape.headers }, body: JSON.stringify(body) },
  };
}
