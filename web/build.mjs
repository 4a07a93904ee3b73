// Builds the web app into a folder of its own under web/.builds and then points the symlink
// web/dist at it in one atomic rename. A gateway serving web/dist (a running `npm start`, a test
// stack) thus never sees a half-written or emptied build while another process builds (`npm test`
// and `npm start` both build the app). The previous build stays on disk, so a file opened just
// before the switch still reads whole; older ones are removed.
import { lstat, readdir, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('.', import.meta.url));
const builds = join(web, '.builds');
const dist = join(web, 'dist');
const name = `${Date.now()}-${process.pid}`;

await build({ configFile: join(web, 'vite.config.ts'), logLevel: 'warn', build: { outDir: join(builds, name), emptyOutDir: true } });

// A web/dist of the old layout (a plain folder) moves aside first, once.
const current = await lstat(dist).catch(() => null);
if (current?.isDirectory()) await rename(dist, join(builds, `0-folder-${process.pid}`));
const link = join(web, `.dist-link-${process.pid}`);
await symlink(join('.builds', name), link);
await rename(link, dist);

const kept = new Set((await readdir(builds)).sort().slice(-2).concat(name));
for (const old of await readdir(builds)) if (!kept.has(old)) await rm(join(builds, old), { recursive: true, force: true });
