// Shared by the infra tests: synthesise a stack into a temporary folder and read the template.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { flatten } from '../../infra/aws/assembly.ts';
import type { Resource, Resources, Statement } from '../../infra/aws/template.ts';
import { VerbatimStack, type VerbatimStackProps } from '../../infra/aws/stack.ts';

export { list, roleStatements, target, type Resource, type Resources, type Statement } from '../../infra/aws/template.ts';

export const SYNTH_TIMEOUT_MS = 120_000;
export const ENV = { account: '000000000000', region: 'us-east-1' };

/**
 * CDK's own helper functions that may appear beside the service's functions, by logical-id
 * prefix. Only one is expected: the bucket's auto-delete handler outside prod.
 */
const CDK_HELPER_PREFIXES = ['CustomS3AutoDeleteObjectsCustomResourceProvider'];

export const isHelper = (logicalId: string) => CDK_HELPER_PREFIXES.some((p) => logicalId.startsWith(p));
export const serviceFunctions = (t: Template): [string, Resource][] =>
  Object.entries(t.findResources('AWS::Lambda::Function') as Resources).filter(([id]) => !isHelper(id));
export interface SynthOptions extends Partial<Omit<VerbatimStackProps, 'env'>> {
  /** false: skip bundling (the template is the same; assets are not built). */
  readonly bundle?: boolean;
  /** Attach cdk-nag's AwsSolutions checks, as app.ts does. */
  readonly nag?: boolean;
}

export interface Synthesized {
  readonly stack: VerbatimStack;
  readonly template: Template;
  readonly resources: Resources;
  readonly dir: string;
  /** Removes the output folder. */
  readonly dispose: () => void;
}

export function synth(stage: string, options: SynthOptions = {}): Synthesized {
  const { bundle, nag, ...props } = options;
  const outdir = mkdtempSync(join(tmpdir(), 'verbatim-cdk-'));
  try {
    const app = new App({
      outdir,
      context: { 'aws:cdk:enable-asset-metadata': true, ...(bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}) },
    });
    if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const stack = new VerbatimStack(app, `Verbatim-${stage}`, { stage, env: ENV, ...props });
    const assembly = app.synth();
    const template = Template.fromJSON(flatten(stack, assembly.directory, assembly.getStackByName(stack.stackName).template));
    const dispose = () => rmSync(outdir, { recursive: true, force: true });
    return { stack, template, resources: template.toJSON().Resources as Resources, dir: assembly.directory, dispose };
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
}

/** Every identity-policy statement of the template: policies, managed policies, role inline policies. */
export function allStatements(resources: Resources): { owner: string; statement: Statement }[] {
  return Object.entries(resources).flatMap(([id, r]) => {
    if (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy') {
      return (r.Properties!.PolicyDocument.Statement as Statement[]).map((statement) => ({ owner: id, statement }));
    }
    if (r.Type === 'AWS::IAM::Role') {
      return (r.Properties!.Policies ?? []).flatMap((p: any) => (p.PolicyDocument.Statement as Statement[]).map((statement) => ({ owner: id, statement })));
    }
    return [];
  });
}
