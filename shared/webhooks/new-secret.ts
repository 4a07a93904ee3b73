// A webhook's new signing secret: the value the API answers with once, and the same sealed
// for the store (secrets/box.ts). A module of its own, so only the functions that make secrets
// are granted sealing them (infra/aws/touches.ts).
import { newSecret } from '../domain/webhooks/signing.ts';
import { sealSecret } from '../secrets/box.ts';

export async function newSealedSecret(): Promise<{ secret: string; sealed: string }> {
  const secret = newSecret();
  return { secret, sealed: await sealSecret('webhook-secret', secret) };
}
