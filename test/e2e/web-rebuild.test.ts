// The web app stays whole while it is rebuilt: `npm test` and `npm start` both run
// `npm run build:web`, and a gateway already serving web/dist (a running `npm start`, the test
// stack) must go on answering every page and asset completely during and after the build.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/api.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Fetches the app's page and every script and stylesheet it names; each must arrive whole. */
async function loadApp(base: string): Promise<string[]> {
  const problems: string[] = [];
  const page = await fetch(`${base}/recordings`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="app">')) problems.push(`page: ${page.status} ${html.slice(0, 80)}`);
  for (const [, path] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
    const asset = await fetch(`${base}${path}`);
    const body = Buffer.from(await asset.arrayBuffer());
    const length = Number(asset.headers.get('content-length'));
    if (asset.status !== 200 || body.length === 0 || body.length !== length) problems.push(`${path}: ${asset.status}, ${body.length} of ${length} bytes`);
  }
  return problems;
}

describe('rebuilding the web app under a running gateway', () => {
  it('serves the page and its assets whole before, during and after `npm run build:web`', async () => {
    const base = stack().url;
    expect(await loadApp(base)).toEqual([]);
    const build = spawn('node', ['web/build.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    build.stderr.on('data', (chunk) => (stderr += chunk));
    const finished = new Promise<number | null>((done) => build.once('exit', done));
    let done = false;
    void finished.then(() => (done = true));
    const problems: string[] = [];
    let loads = 0;
    while (!done) {
      problems.push(...(await loadApp(base)));
      loads += 1;
    }
    expect(await finished, stderr).toBe(0);
    expect(problems).toEqual([]);
    expect(loads).toBeGreaterThan(1);
    expect(await loadApp(base)).toEqual([]);
  }, 180_000);
});
