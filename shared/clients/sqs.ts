// The SQS client in a module of its own (see clients.ts).
import { SQSClient } from '@aws-sdk/client-sqs';
import { onResetClients } from '../clients.ts';
import { settings } from '../config.ts';

let sqs: SQSClient | undefined;

export function sqsClient(): SQSClient {
  // Queue URLs of local emulators carry hosts that do not resolve; the endpoint setting wins.
  sqs ??= new SQSClient({ region: settings().region, useQueueUrlAsEndpoint: false });
  return sqs;
}

onResetClients(() => {
  sqs = undefined;
});
