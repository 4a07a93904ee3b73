import { logger } from '#shared/logger.ts';
import { sweep } from '#shared/pipeline/sweep.ts';
import { commitsSettled } from '#shared/store/after-commit.ts';
import { sealStoredSecretsOnce } from '#shared/webhooks/secret-box.ts';

export const handler = async (): Promise<void> => {
  // Upgrades of stored data (once per table) must not hold up the sweep.
  await sealStoredSecretsOnce().catch((error: unknown) => logger.error('sealing stored webhook secrets failed', { error }));
  try {
    await sweep();
  } finally {
    // The postings of recordings the sweep changed (it requeues lost jobs).
    await commitsSettled();
  }
};
