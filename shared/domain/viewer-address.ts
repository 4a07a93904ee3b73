// The browser's address, for counting sign-in attempts per client address. Behind CloudFront
// the API sees an edge's address, so the distribution passes the viewer's on in a header
// (infra/aws/web.ts). Anyone can send that header to the API's own URL too, so it counts only
// when the request carries the value only the distribution and the functions know (a secret
// the stack generates, sent by CloudFront as an origin custom header); otherwise the
// connection's address does. The local gateway is the edge itself and drops both headers.
import { sameSecret } from './constant-time.ts';

export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * `headers` with lower-case names; `sourceIp` the connection's address; `originVerify` the
 * value the distribution sends, undefined where no distribution sends one.
 */
export function viewerAddress(headers: Readonly<Record<string, string | undefined>>, sourceIp: string, originVerify: string | undefined): string {
  const viewer = headers[VIEWER_ADDRESS_HEADER];
  if (viewer === undefined || originVerify === undefined) return sourceIp;
  return sameSecret(headers[ORIGIN_VERIFY_HEADER] ?? '', originVerify) ? viewer : sourceIp;
}
