// The web app's files for the local gateway (on AWS, CloudFront serves them from S3): the
// built app from web/dist, hashed assets cached for good, and index.html for every other path
// so the app's own routes work on reload. Headers match the CloudFront response policy.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { settings } from '#shared/config.ts';
import { webSecurityHeaders } from '#shared/http/web-headers.ts';

const DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The origin of the storage endpoint the functions presign URLs for; AWS's regional one without. */
export function storageOrigin(endpoint: string | undefined): string {
  return endpoint ? new URL(endpoint).origin : settings().storageOrigin;
}

export function webApp(origin: string, dist = DIST): StaticHandler {
  const headers = webSecurityHeaders(origin);
  // `dev` looks each file up when asked rather than once at start: `npm run build:web` swaps in
  // a new build while the gateway runs, and the files (names, sizes) of the old one are gone.
  const serve = sirv(dist, {
    dev: true,
    single: true,
    etag: true,
    gzip: false,
    setHeaders: (res, pathname) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (!existsSync(dist)) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The web app is not built: run "npm run build:web" (npm start does it).\n');
      return true;
    }
    serve(req, res, () => {
      res.writeHead(404).end();
    });
    return true;
  };
}
