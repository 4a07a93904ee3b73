// A fresh queue on the local SQS emulator with its dead-letter queue: a one-second visibility
// timeout and the given maxReceiveCount, so a failed message is redelivered, then dead-lettered, quickly.
import { randomUUID } from 'node:crypto';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';

export async function queueWithDlq(sqs: SQSClient, maxReceiveCount: number, prefix = 'poller') {
  const name = `${prefix}-${randomUUID()}`;
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
  const queue = await sqs.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: { VisibilityTimeout: '1', RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount }) },
    }),
  );
  return { url: queue.QueueUrl!, dlqUrl: dlq.QueueUrl!, name };
}
