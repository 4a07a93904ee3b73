// What AWS services do with the template's roles, judged as AWS judges it before the local
// stack plays them: Lambda assumes each function's execution role to run it, and EventBridge
// Scheduler assumes a schedule's role to send its message (to the target, or on a failed
// delivery to the dead-letter queue). A refusal is logged and recorded like a proxy's.
import type { Delivery } from '../scheduler/dispatcher.ts';
import type { Call } from './calls.ts';
import type { Judge } from './policies.ts';
import { describeRefusal, reportRefusal, type Refusal } from './proxy.ts';
import { functionRoleArn } from './resource-policies.ts';

const LAMBDA = 'lambda.amazonaws.com';
const SCHEDULER = 'scheduler.amazonaws.com';

type OnRefusal = (refusal: Refusal) => void;

/**
 * Lambda runs a function with credentials of its execution role, which it gets by assuming the
 * role: the role's trust policy must let lambda.amazonaws.com do so, or the function never runs.
 * (Lambda names no source function when it does, so neither is one named here.)
 */
export function executionRoleGate(judge: Judge, onRefusal: OnRefusal): (entry: string) => Promise<void> {
  return async (entry) => {
    const call: Call = { principal: LAMBDA, action: 'sts:AssumeRole', resource: functionRoleArn(entry) };
    if (await judge.allows(entry, call)) return;
    const refusal = reportRefusal(entry, call, onRefusal);
    throw Object.assign(new Error(`The role defined for the function cannot be assumed by Lambda: ${describeRefusal(refusal)}`), { name: 'InvalidParameterValueException' });
  };
}

/**
 * EventBridge Scheduler assumes the schedule's role (its trust policy must let
 * scheduler.amazonaws.com, from this account and the schedule's group, do so), then sends as
 * that role: its policy and the queue's must allow sqs:SendMessage. Otherwise the send fails
 * (retried, then dead-lettered; a dead-letter send that fails is dropped) as on AWS.
 */
export function deliveryGate(judge: Judge, onRefusal: OnRefusal): (delivery: Delivery) => Promise<void> {
  return async ({ groupArn, roleArn, queueArn }) => {
    const source = { 'aws:SourceAccount': groupArn.split(':')[4]!, 'aws:SourceArn': groupArn };
    const assume: Call = { principal: SCHEDULER, action: 'sts:AssumeRole', resource: roleArn, context: source };
    const send: Call = { principal: roleArn, action: 'sqs:SendMessage', resource: queueArn, context: { 'aws:SecureTransport': 'true' } };
    for (const call of [assume, send]) {
      if (await judge.allows('scheduler', call)) continue;
      const refusal = reportRefusal('scheduler', call, onRefusal);
      throw Object.assign(new Error(`AccessDenied: ${describeRefusal(refusal)}`), { name: 'AccessDenied' });
    }
  };
}
