// IAM on the local stack: one policy-checking proxy in front of each emulator, and the checks
// of what AWS services do as the template's roles (services.ts: the Scheduler's sends, Lambda
// assuming execution roles). Functions are given the proxies' endpoints; the runtime itself
// (resources, first administrator) and tests keep the emulators' own. README: IAM locally.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import type { Artifacts } from '../artifacts/manifest.ts';
import type { Endpoints } from '../resources.ts';
import type { Delivery } from '../scheduler/dispatcher.ts';
import type { Service } from './calls.ts';
import { judgeOf } from './policies.ts';
import { startIamProxy, type Refusal } from './proxy.ts';
import { deliveryGate, executionRoleGate } from './services.ts';

export interface IamEnforcement {
  /** The proxies' endpoints, to hand to functions in place of the emulators'. */
  readonly endpoints: Required<Endpoints>;
  /** Every refused call so far, oldest first. */
  readonly refusals: readonly Refusal[];
  /** The Scheduler's send to a queue: it assumes the schedule's role, and sends as that role. */
  readonly authorizeDelivery: (delivery: Delivery) => Promise<void>;
  /** Lambda assuming the function's execution role, before it runs the function. */
  readonly assumeExecutionRole: (entry: string) => Promise<void>;
  stop(): Promise<void>;
}

export interface IamOptions {
  /** The function (by entry) whose access key id this is, if any. */
  readonly caller: (accessKeyId: string) => string | undefined;
  /** A file that lists this run's refused calls, one JSON line each (emptied at the start). */
  readonly refusalFile?: string;
}

/** Where a runtime lists its refused calls, in its data folder. */
export const REFUSAL_FILE = 'iam-refusals.jsonl';

export async function enforceIam(artifacts: Artifacts, emulators: Required<Endpoints>, options: IamOptions): Promise<IamEnforcement> {
  const judge = judgeOf(artifacts);
  const refusals: Refusal[] = [];
  const { caller, refusalFile } = options;
  if (refusalFile) writeFileSync(refusalFile, '', { mode: 0o600 });
  const onRefusal = (refusal: Refusal) => {
    refusals.push(refusal);
    if (refusalFile) appendFileSync(refusalFile, `${JSON.stringify(refusal)}\n`);
  };
  const services = Object.keys(emulators) as Service[];
  const proxies = await Promise.all(services.map((service) => startIamProxy({ service, target: emulators[service], judge, caller, onRefusal })));
  const endpoints = Object.fromEntries(services.map((s, i) => [s, proxies[i]!.endpoint])) as unknown as Required<Endpoints>;
  const authorizeDelivery = deliveryGate(judge, onRefusal);
  const assumeExecutionRole = executionRoleGate(judge, onRefusal);
  return { endpoints, refusals, authorizeDelivery, assumeExecutionRole, stop: async () => void (await Promise.all(proxies.map((p) => p.stop()))) };
}

/** The refused calls a run listed in its refusal file (none if it has none). */
export function readRefusals(refusalFile: string): Refusal[] {
  let text: string;
  try {
    text = readFileSync(refusalFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Refusal);
}
