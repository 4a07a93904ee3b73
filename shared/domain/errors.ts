// Domain errors. Each carries its HTTP status and error code; the one error middleware maps
// them to the error shape, so handlers never catch.

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'range_not_satisfiable'
  | 'rate_limited'
  | 'internal'
  | 'service_unavailable';

export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: ErrorCode;
  /** Extra fields for the error body, e.g. max_size_mb on 413. */
  readonly extra: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.extra = extra;
    this.headers = headers;
  }
}

export class BadRequestError extends AppError {
  override name = 'BadRequestError';
  readonly status = 400;
  readonly code = 'bad_request';
}

export class ValidationError extends AppError {
  override name = 'ValidationError';
  readonly status: number;
  readonly code = 'validation_failed';
  readonly details: readonly ErrorDetail[];

  constructor(message: string, details: readonly ErrorDetail[] = [], status = 400) {
    super(message);
    this.details = details;
    this.status = status;
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  readonly status = 401;
  readonly code = 'unauthorized';

  constructor(message = 'Authentication required') {
    super(message, {}, { 'WWW-Authenticate': 'Bearer' });
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  readonly status = 403;
  readonly code = 'forbidden';
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  readonly status = 404;
  readonly code = 'not_found';
}

export class MethodNotAllowedError extends AppError {
  override name = 'MethodNotAllowedError';
  readonly status = 405;
  readonly code = 'method_not_allowed';

  constructor(allowed: readonly string[]) {
    super('Method not allowed for this path', {}, { Allow: allowed.join(', ') });
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  readonly status = 409;
  readonly code = 'conflict';
}

export class PayloadTooLargeError extends AppError {
  override name = 'PayloadTooLargeError';
  readonly status = 413;
  readonly code = 'payload_too_large';
}

export class UnsupportedMediaTypeError extends AppError {
  override name = 'UnsupportedMediaTypeError';
  readonly status = 415;
  readonly code = 'unsupported_media_type';
}

/** RFC 9110 §15.5.17: a Range that starts past the end; Content-Range says the real size. */
export class RangeNotSatisfiableError extends AppError {
  override name = 'RangeNotSatisfiableError';
  readonly status = 416;
  readonly code = 'range_not_satisfiable';

  constructor(size: number) {
    super(`The requested range starts past the end of the ${size}-byte file`, { size }, { 'Content-Range': `bytes */${size}` });
  }
}

export class RateLimitedError extends AppError {
  override name = 'RateLimitedError';
  readonly status = 429;
  readonly code = 'rate_limited';

  constructor(retryAfterSeconds: number, headers: Record<string, string>) {
    super('Rate limit exceeded, retry later', { retry_after: retryAfterSeconds }, {
      ...headers,
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

export class ServiceUnavailableError extends AppError {
  override name = 'ServiceUnavailableError';
  readonly status = 503;
  readonly code = 'service_unavailable';
}
