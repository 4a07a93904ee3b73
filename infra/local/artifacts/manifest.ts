// What the local runtime reads from the synthesized template: one entry per function, and what
// each resource the template names stands for on the local emulators.
import type { Resources, Statement } from '../../aws/template.ts';

/** The stack the local runtime synthesizes; account and region are the emulators' own. */
export const LOCAL_STACK = { name: 'Verbatim-local', stage: 'local', account: '000000000000', region: 'us-east-1' } as const;

export type LocalResource =
  | { readonly kind: 'table' }
  | { readonly kind: 'bucket' }
  | { readonly kind: 'queue' | 'dlq'; readonly name: string }
  | { readonly kind: 'role'; readonly name: string };

export interface FunctionArtifact {
  readonly logicalId: string;
  /** Module path under functions/, without extension, e.g. "api/users/me". */
  readonly entry: string;
  /** The asset folder CDK uploads (index.mjs and what it reads); in artifacts.json, relative to it. */
  readonly bundle: string;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  /** As in the template: values may be CloudFormation references. */
  readonly environment: Record<string, unknown>;
  /** The identity-policy statements of the function's role. */
  readonly policy: readonly Statement[];
}

export interface Artifacts {
  readonly functions: readonly FunctionArtifact[];
  readonly resources: Readonly<Record<string, LocalResource>>;
  /** The flattened template's resources (resource policies are read from it). */
  readonly template: Resources;
}
