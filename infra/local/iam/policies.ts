// Judges an AWS call as AWS would: the principal's identity policy from the synthesized
// template (a function's role, or another role of the template such as the scheduler's) and
// the resource's own policy where the template gives one (bucket, queue and topic policies, a
// role's trust policy, the functions' roles' included), evaluated by @cloud-copilot/iam-simulate
// with AWS's published action data. A service principal (e.g. scheduler.amazonaws.com,
// lambda.amazonaws.com) is judged by the resource policy alone.
import { runSimulation } from '@cloud-copilot/iam-simulate';
import type { Artifacts } from '../artifacts/manifest.ts';
import { LOCAL_STACK } from '../artifacts/manifest.ts';
import { resolver } from '../artifacts/resolve.ts';
import type { Call } from './calls.ts';
import { functionRoleArn, resourceOwner, resourcePoliciesOf, rolePoliciesOf, type Document } from './resource-policies.ts';

export interface Judge {
  /** Whether the function of `entry` may make the call (or the call's own principal, if it names one). */
  allows(entry: string, call: Call): Promise<boolean>;
}

const CACHE_LIMIT = 10_000;

export function judgeOf(artifacts: Pick<Artifacts, 'functions' | 'resources' | 'template'>): Judge {
  // Policies name resources by ARN, which needs no queue URL.
  const resolve = resolver(artifacts, () => '');
  const functions = new Map(artifacts.functions.map((f) => [f.entry, { Version: '2012-10-17', Statement: resolve(f.policy) } as Document]));
  const roles = rolePoliciesOf(artifacts.template, resolve);
  const resourcePolicies = resourcePoliciesOf(artifacts, resolve);
  const decided = new Map<string, boolean>();
  return {
    async allows(entry, call) {
      const key = JSON.stringify([entry, call]);
      const known = decided.get(key);
      if (known !== undefined) return known;
      const principal = call.principal ?? functionRoleArn(entry);
      const identity = call.principal === undefined ? functions.get(entry) : roles.get(call.principal);
      // A function or role the template does not hold may do nothing; a service needs no identity policy.
      const knownPrincipal = identity !== undefined || isService(principal);
      const allowed = knownPrincipal && (await simulate(principal, identity, call, resourcePolicies.get(resourceOwner(call.resource))));
      if (decided.size >= CACHE_LIMIT) decided.clear();
      decided.set(key, allowed);
      return allowed;
    },
  };
}

const isService = (principal: string) => /^[a-z0-9.-]+\.amazonaws\.com$/.test(principal);

async function simulate(principal: string, identity: Document | undefined, call: Call, resourcePolicy: Document | undefined): Promise<boolean> {
  const result = await runSimulation(
    {
      request: {
        principal,
        action: call.action,
        resource: { resource: call.resource, accountId: LOCAL_STACK.account },
        contextVariables: { ...call.context },
      },
      identityPolicies: identity ? [{ name: 'role', policy: identity }] : [],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      resourcePolicy,
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(`IAM simulation of ${call.action} on ${call.resource} failed: ${result.errors.message}`);
  return result.overallResult === 'Allowed';
}
