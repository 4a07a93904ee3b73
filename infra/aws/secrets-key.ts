// The KMS key that wraps the data keys of secrets at rest (shared/secrets/box.ts: webhook
// secrets and kept idempotent answers). Only the functions whose code seals or opens a secret
// (touches.ts: shared/secrets/key-wrap.ts) may use it, and only with the encryption context
// the service writes.
import { RemovalPolicy } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';

export function webhookSecretsKey(scope: Construct, stage: string, removalPolicy: RemovalPolicy): Key {
  return new Key(scope, 'WebhookSecretsKey', {
    description: `Verbatim ${stage}: wraps the data keys that encrypt webhook signing secrets`,
    enableKeyRotation: true,
    // A destroyed key makes every sealed secret unreadable: keep it unless the stack is a throwaway.
    removalPolicy: removalPolicy === RemovalPolicy.DESTROY ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
  });
}
