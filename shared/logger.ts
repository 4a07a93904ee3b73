// One JSON logger for every function and the local runtime. Secrets are redacted here, in
// the logger itself, so no call site can leak a token, a webhook secret, a provider key or
// a presigned signature by forgetting to.
import { Logger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { settings } from './config.ts';
import { mapStack } from './stack-map.ts';

const SECRET_KEY = /token|secret|authorization|password|api[-_]?key|signature|credential|cookie/i;
const SECRET_IN_TEXT = [
  /(vbt_)[0-9A-Za-z]{49}/g,
  /(whsec_)[A-Za-z0-9+/=]+/g,
  /([?&](?:token|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=)[^&\s"]+/gi,
  /(Bearer )[^\s"]+/gi,
];

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return SECRET_IN_TEXT.reduce((text, pattern) => text.replace(pattern, '$1[REDACTED]'), value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redact(value.message), stack: redact(value.stack && mapStack(value.stack)) };
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null && typeof v !== 'boolean' && typeof v !== 'number' ? '[REDACTED]' : redact(v, depth + 1)]),
  );
}

class RedactingFormatter extends LogFormatter {
  /** `logger.error(message, error)`: Powertools formats the error; its stack and location name the sources. */
  override formatError(error: Error): LogAttributes {
    const formatted = super.formatError(error);
    const map = (value: unknown) => (typeof value === 'string' ? mapStack(value) : value);
    return { ...formatted, location: map(formatted.location), stack: map(formatted.stack) };
  }

  override formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const base = {
      level: attributes.logLevel,
      message: redact(attributes.message),
      timestamp: this.formatTimestamp(attributes.timestamp),
      service: attributes.serviceName,
      request_id: attributes.lambdaContext?.awsRequestId,
      function: attributes.lambdaContext?.functionName,
      cold_start: attributes.lambdaContext?.coldStart,
      xray_trace_id: attributes.xRayTraceId,
    };
    return new LogItem({ attributes: base as LogAttributes }).addAttributes(redact(additional) as LogAttributes);
  }
}

export const logger = new Logger({
  serviceName: 'verbatim',
  logLevel: settings().logLevel as 'INFO',
  logFormatter: new RedactingFormatter(),
});

/**
 * For a failure that must not stop the caller (cleanup after the real error, say) but must not
 * vanish either: `.catch(logFailure('the staged upload could not be deleted', { key }))`.
 */
export const logFailure =
  (what: string, context: Record<string, unknown> = {}) =>
  (error: unknown): void => {
    logger.warn(what, { ...context, error });
  };
