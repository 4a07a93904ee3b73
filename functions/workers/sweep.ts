import { sweep } from '#shared/pipeline/sweep.ts';

export const handler = async (): Promise<void> => {
  await sweep();
};
