// The web app's response headers, the same from the local gateway and from CloudFront: its
// pages may load only from our own origin (no inline script), and may not be framed. The one
// other origin is storage's: the browser sends uploads to presigned URLs there, and plays long
// recordings from presigned URLs.
export function webSecurityHeaders(storageOrigin: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self' ${storageOrigin}; connect-src 'self' ${storageOrigin}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}
