import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import { dispatch } from '#shared/webhooks/dispatch.ts';
import { deliveryMessage } from '#shared/queue/messages.ts';

// Deliveries of a batch go out side by side: one slow receiver must not hold up the others.
export const handler = sqsWorker('deliver', deliveryMessage, (message) => dispatch(message), { parallel: true });
