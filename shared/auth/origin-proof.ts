// CloudFront's proof that a request came through it (infra/aws/origin-verify.ts). Calling this is
// what gives a function the value: infra/aws/touches.ts finds the call in its bundle and sets
// ORIGIN_VERIFY for it alone.
import { settings } from '../config.ts';

export const originProof = (): string | undefined => settings().originVerify;
