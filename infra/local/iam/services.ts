// What AWS services do with the template's roles, judged as AWS judges it before the local
// stack plays them: EventBridge Scheduler assumes a schedule's role to send its message (to the
// target, or on a failed delivery to the dead-letter queue). A refusal is logged and recorded
// like a proxy's.
import type { Delivery } from '../scheduler/dispatcher.ts';
import { logger } from '#shared/logger.ts';
import type { Call } from './calls.ts';
import type { Judge } from './policies.ts';
import { describeRefusal, type Refusal } from './proxy.ts';

const SCHEDULER = 'scheduler.amazonaws.com';

type OnRefusal = (refusal: Refusal) => void;

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
      const refusal = refuse('scheduler', call, onRefusal);
      throw Object.assign(new Error(`AccessDenied: ${describeRefusal(refusal)}`), { name: 'AccessDenied' });
    }
  };
}

function refuse(on: string, call: Call, onRefusal: OnRefusal): Refusal {
  const refusal: Refusal = { function: on, principal: call.principal, action: call.action, resource: call.resource };
  logger.warn(`IAM refused: ${describeRefusal(refusal)}`, { ...refusal });
  onRefusal(refusal);
  return refusal;
}
