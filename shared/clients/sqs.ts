// The SQS client in a module of its own (see clients.ts): aws-lite's (why: lite.ts), speaking
// SQS's JSON protocol (`X-Amz-Target: AmazonSQS.<operation>`), as the SDK does. The queue URL
// travels in the body; requests go to AWS_ENDPOINT_URL_SQS when set (emulators' queue URLs
// carry hosts that need not resolve), else to the region's SQS endpoint.
import type * as Sqs from '@aws-sdk/client-sqs';
import { onResetClients } from '../clients.ts';
import { settings } from '../config.ts';
import { Command, jsonProtocolClient, type LiteServiceClient } from './lite.ts';

type Output<T> = Omit<T, '$metadata'>;

export class SendMessageCommand extends Command<Sqs.SendMessageCommandInput, Output<Sqs.SendMessageCommandOutput>> {
  readonly operation = 'SendMessage';
  readonly commandName = 'SendMessageCommand';
}
export class SendMessageBatchCommand extends Command<Sqs.SendMessageBatchCommandInput, Output<Sqs.SendMessageBatchCommandOutput>> {
  readonly operation = 'SendMessageBatch';
  readonly commandName = 'SendMessageBatchCommand';
}

let sqs: LiteServiceClient | undefined;

export function sqsClient(): LiteServiceClient {
  sqs ??= jsonProtocolClient({ region: settings().region, endpoint: settings().sqsEndpoint, service: 'sqs', target: 'AmazonSQS', contentType: 'application/x-amz-json-1.0' });
  return sqs;
}

onResetClients(() => {
  sqs = undefined;
});
