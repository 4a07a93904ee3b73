// The proof that a request to the API came through the stack's CloudFront distribution: a
// random value Secrets Manager generates, which CloudFront sends as the origin custom header
// X-Origin-Verify (web.ts) and the sign-in function is given as ORIGIN_VERIFY (grants.ts). Both
// hold a dynamic reference that CloudFormation resolves at deploy time, so the value is in
// neither the template nor cdk.out. Only a request carrying it may name the viewer's address
// (shared/domain/viewer-address.ts); a direct call to the execute-api URL counts as its own.
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/** The secret, and the reference to its value that the distribution and the function get. */
export function originVerify(scope: Construct, stage: string): { readonly secret: Secret; readonly value: string } {
  const secret = new Secret(scope, 'OriginVerify', {
    description: `Verbatim ${stage}: sent by CloudFront to the API (X-Origin-Verify) so that the API may trust X-Viewer-Address`,
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
    // Nothing else reads it: a re-created stack generates another.
    removalPolicy: RemovalPolicy.DESTROY,
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'The distribution and the sign-in function read the value when CloudFormation deploys them, so a rotation Lambda would leave them disagreeing until the next deploy; to rotate, put a new value and deploy. A stale or wrong value fails safe: the function counts the connection address instead of the viewer header.',
  });
  return { secret, value: secret.secretValue.unsafeUnwrap() };
}
