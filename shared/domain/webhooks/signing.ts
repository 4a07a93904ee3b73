// Webhook signatures. Service-Signature: `sha256=<hex>`, HMAC-SHA256 of the exact body bytes
// with the whole secret string as the key (GitHub-style). Optional Standard Webhooks headers
// sign `<id>.<timestamp>.<body>` with the base64-decoded secret.
import { createHash, createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export function newSecret(random: (size: number) => Uint8Array = randomBytes): string {
  return SECRET_PREFIX + Buffer.from(random(32)).toString('base64');
}

export function signatureHeader(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex')}`;
}

export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`;
}

/** A UUID derived from the event and the webhook: a repeated fan-out makes the same delivery. */
export function deliveryId(eventId: string, webhookId: number): string {
  const hex = createHash('sha256').update(`${eventId}:${webhookId}`).digest('hex');
  // Shaped as a version-5-style UUID so receivers that validate UUIDs accept it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
