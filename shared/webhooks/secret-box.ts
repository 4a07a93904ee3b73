// Webhook secrets stored in clear by a version before secrets were sealed (secrets/box.ts) are
// sealed in place, once per table: at the local start and by the sweep (on AWS).
import { logger } from '../logger.ts';
import { SEALED_PREFIX, sealSecret } from '../secrets/box.ts';
import { runOnce } from '../store/upgrades.ts';
import { replaceSecret, webhooksWithOpenSecrets } from '../store/webhooks.ts';

/** Seals every secret stored before secrets were encrypted. Returns how many. */
export async function sealStoredSecrets(): Promise<number> {
  let sealed = 0;
  for await (const webhook of webhooksWithOpenSecrets(SEALED_PREFIX)) {
    if (await replaceSecret(webhook.id, webhook.secret, await sealSecret('webhook-secret', webhook.secret))) sealed++;
  }
  return sealed;
}

/** sealStoredSecrets, unless it finished before on this table. */
export async function sealStoredSecretsOnce(): Promise<void> {
  await runOnce('seal-webhook-secrets', async () => {
    const sealed = await sealStoredSecrets();
    if (sealed > 0) logger.info('sealed webhook secrets stored in clear', { count: sealed });
  });
}
