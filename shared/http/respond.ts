// Response helpers: handlers return these, never raw objects.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> };

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult => ({
  statusCode,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export const ok = (body: unknown, headers?: Record<string, string>) => json(200, body, headers);
export const created = (body: unknown, headers?: Record<string, string>) => json(201, body, headers);
export const accepted = (body: unknown, headers?: Record<string, string>) => json(202, body, headers);
export const noContent = (): HttpResult => ({ statusCode: 204, headers: {}, body: '' });

export function content(body: string | Buffer, contentType: string, headers: Record<string, string> = {}, statusCode = 200): HttpResult {
  const binary = Buffer.isBuffer(body);
  return {
    statusCode,
    headers: { 'Content-Type': contentType, ...headers },
    body: binary ? body.toString('base64') : body,
    isBase64Encoded: binary,
  };
}

export function redirect(location: string, headers: Record<string, string> = {}): HttpResult {
  return { statusCode: 302, headers: { Location: location, ...headers }, body: '' };
}
