// The web app's initial JavaScript stays within 200 KB gzipped (issue 14): the scripts the page
// names (module scripts and preloads) and every chunk they import statically, as the gateway
// serves the build in web/dist (`npm run build:web` runs before the tests). Chunks loaded later
// with import() do not count.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/api.ts';

const LIMIT_BYTES = 200 * 1024;

/** Relative static imports of a built chunk (`import"./a.js"`, `from"./b.js"`), not `import("./c.js")`. */
const staticImports = (code: string) => [...code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1]!);

/** Every script the page loads before it runs, by path, with its gzipped size. */
async function initialScripts(base: string): Promise<Map<string, number>> {
  const html = await (await fetch(`${base}/`)).text();
  const pending = [...html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"|<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => new URL(m[1] ?? m[2]!, `${base}/`));
  const sizes = new Map<string, number>();
  for (let url = pending.pop(); url; url = pending.pop()) {
    if (sizes.has(url.pathname)) continue;
    const response = await fetch(url);
    expect(response.status, url.pathname).toBe(200);
    const code = await response.text();
    sizes.set(url.pathname, gzipSync(code).length);
    pending.push(...staticImports(code).map((path) => new URL(path, url)));
  }
  return sizes;
}

describe('the web app’s initial JavaScript', () => {
  it('is at most 200 KB gzipped', async () => {
    const scripts = await initialScripts(stack().url);
    expect(scripts.size).toBeGreaterThan(0);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const listing = [...scripts].map(([path, bytes]) => `${path} ${(bytes / 1024).toFixed(1)} KB`).join(', ');
    expect(total, `initial JavaScript ${(total / 1024).toFixed(1)} KB gzipped: ${listing}`).toBeLessThanOrEqual(LIMIT_BYTES);
  });
});
