// `npm start`: the whole service on this machine, until SIGINT or SIGTERM.
import { settings } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import { firstAdminSignInLink } from './first-admin.ts';
import { removeStaleScratch } from '#shared/scratch.ts';
import { sealStoredSecrets } from '#shared/webhooks/secret-box.ts';
import { startRuntime } from './runtime.ts';
import { updateRuntimeFile } from './runtime-file.ts';

const { dataDir, port, localInMemory } = settings();
// Decoded audio a killed run left behind (only this data folder's).
const stale = await removeStaleScratch(dataDir);
if (stale > 0) logger.info('removed scratch folders left by an earlier run', { count: stale });
const runtime = await startRuntime({ dataDir, port, persistent: !localInMemory });
// Webhook secrets stored in clear by an earlier version are sealed now (README: Security).
const sealed = await sealStoredSecrets();
if (sealed > 0) logger.info('sealed webhook secrets stored in clear', { count: sealed });

if (runtime.firstAdminToken) {
  process.stdout.write(
    `\nFirst start: created the administrator admin@localhost.\n` +
      `Its API token (shown once, also saved in ${dataDir}/admin-token, mode 0600):\n\n  ${runtime.firstAdminToken}\n\n` +
      `Open this one-time link (valid 24 hours) to set its password for the web app:\n\n  ${await firstAdminSignInLink(runtime.url)}\n\n`,
  );
}
logger.info('verbatim is running', { url: runtime.url, docs: `${runtime.url}/api/v1/docs`, data_dir: dataDir });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    runtime
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      });
  });
}
updateRuntimeFile(dataDir, { ready: true });
