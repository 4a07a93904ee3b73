// Run as its own process (aws-cdk-lib is large): synthesizes the stack CDK deploys, bundles and
// all, into the folder given, and writes there `artifacts.json`: each function's bundle folder,
// entry, memory, timeout, environment and role policy as the template gives them, and what each
// resource the template names stands for locally.
//   node --import tsx infra/local/artifacts/synthesize.ts <outdir>
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App, Stack, type CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { flatten } from '../../aws/assembly.ts';
import { VerbatimStack } from '../../aws/stack.ts';
import type { Artifacts, LocalResource } from './manifest.ts';
import { LOCAL_STACK } from './manifest.ts';
import { roleStatements, target } from '../../aws/template.ts';

const [outArg] = process.argv.slice(2);
const outdir = resolve(outArg!);
const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true, 'aws:cdk:enable-path-metadata': true } });
const stack = new VerbatimStack(app, LOCAL_STACK.name, {
  stage: LOCAL_STACK.stage,
  env: { account: LOCAL_STACK.account, region: LOCAL_STACK.region },
});
const assembly = app.synth();
const template = flatten(stack, assembly.directory, assembly.getStackByName(stack.stackName).template);

const id = (c: IConstruct) => Stack.of(c).getLogicalId(c.node.defaultChild as CfnResource);
const resources: Record<string, LocalResource> = {
  [id(stack.data.table)]: { kind: 'table' },
  [id(stack.data.bucket)]: { kind: 'bucket' },
  [id(stack.data.schedulerRole)]: { kind: 'role', name: 'verbatim-scheduler' },
};
for (const [name, queue] of stack.data.queues) {
  resources[id(queue)] = { kind: 'queue', name };
  if (queue.deadLetterQueue) resources[id(queue.deadLetterQueue.queue)] = { kind: 'dlq', name };
}

const functions = Object.entries(template.Resources as Record<string, any>)
  .filter(([, r]) => r.Type === 'AWS::Lambda::Function' && /-> functions\/.+\.ts$/.test(r.Properties.Description ?? ''))
  .map(([logicalId, r]) => {
    const p = r.Properties;
    return {
      logicalId,
      entry: /-> functions\/(.+)\.ts$/.exec(p.Description as string)![1]!,
      bundle: r.Metadata['aws:asset:path'] as string,
      memoryMb: p.MemorySize as number,
      timeoutSeconds: p.Timeout as number,
      environment: p.Environment?.Variables ?? {},
      policy: roleStatements(template.Resources, target(p.Role)),
    };
  });
const artifacts: Artifacts = { functions, resources, template: template.Resources };
writeFileSync(join(outdir, 'artifacts.json'), JSON.stringify(artifacts));
