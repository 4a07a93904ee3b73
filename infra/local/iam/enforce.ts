// IAM on the local stack: one policy-checking proxy in front of each emulator. Functions are
// given the proxies' endpoints; the runtime itself (resources, first administrator) and tests
// keep the emulators' own. README: IAM locally.
import type { Artifacts } from '../artifacts/manifest.ts';
import type { Endpoints } from '../resources.ts';
import type { Service } from './calls.ts';
import { judgeOf } from './policies.ts';
import { startIamProxy, type Refusal } from './proxy.ts';

export interface IamEnforcement {
  /** The proxies' endpoints, to hand to functions in place of the emulators'. */
  readonly endpoints: Required<Endpoints>;
  /** Every refused call so far, oldest first. */
  readonly refusals: readonly Refusal[];
  stop(): Promise<void>;
}

export async function enforceIam(artifacts: Artifacts, emulators: Required<Endpoints>, caller: (accessKeyId: string) => string | undefined): Promise<IamEnforcement> {
  const judge = judgeOf(artifacts);
  const refusals: Refusal[] = [];
  const services = Object.keys(emulators) as Service[];
  const proxies = await Promise.all(services.map((service) => startIamProxy({ service, target: emulators[service], judge, caller, onRefusal: (r) => refusals.push(r) })));
  const endpoints = Object.fromEntries(services.map((s, i) => [s, proxies[i]!.endpoint])) as unknown as Required<Endpoints>;
  return { endpoints, refusals, stop: async () => void (await Promise.all(proxies.map((p) => p.stop()))) };
}
