// DynamoDB through @aws-lite/client and its DynamoDB plugin (why aws-lite: lite.ts). Items are
// marshalled by the document rules of @aws-sdk/util-dynamodb, which the plugin vendors, with
// undefined values dropped as the SDK's DocumentClient was told. Errors keep the SDK's names
// (`ConditionalCheckFailedException`, `TransactionCanceledException` with its
// `CancellationReasons`).
//
// The store keeps the SDK's document-client shapes, typed by @aws-sdk/lib-dynamodb (types only):
// `dynamo().send(new UpdateCommand(input))`. Two differences: `LastEvaluatedKey` comes back as
// DynamoDB JSON, and is only ever handed back as `ExclusiveStartKey`, unchanged; and binary
// attributes are not sent right (aws-lite writes a Uint8Array as JSON, not base64): the store
// keeps none, bytes it must keep are base64 text (test/integration/lite-clients.test.ts).
import dynamodbPlugin from '@aws-lite/dynamodb';
import type * as Doc from '@aws-sdk/lib-dynamodb';
import { Command, LiteServiceClient, type LiteClient } from './lite.ts';

export type { BatchWriteCommandInput, QueryCommandInput, TransactWriteCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';

type Output<T> = Omit<T, '$metadata'>;
export type BatchGetCommandOutput = Output<Doc.BatchGetCommandOutput>;

type Operation = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'Scan' | 'BatchGetItem' | 'BatchWriteItem' | 'TransactWriteItems';

/** A command class for an operation, named as the SDK names it (`UpdateItem` → `UpdateCommand`). */
function command<Input extends object, Result extends object>(operation: Operation) {
  return class extends Command<Input, Result> {
    readonly operation = operation;
    readonly commandName = `${operation.replace(/Items?$/, '')}Command`;
  };
}

export const GetCommand = command<Doc.GetCommandInput, Output<Doc.GetCommandOutput>>('GetItem');
export const PutCommand = command<Doc.PutCommandInput, Output<Doc.PutCommandOutput>>('PutItem');
export const UpdateCommand = command<Doc.UpdateCommandInput, Output<Doc.UpdateCommandOutput>>('UpdateItem');
export const DeleteCommand = command<Doc.DeleteCommandInput, Output<Doc.DeleteCommandOutput>>('DeleteItem');
export const QueryCommand = command<Doc.QueryCommandInput, Output<Doc.QueryCommandOutput>>('Query');
export const ScanCommand = command<Doc.ScanCommandInput, Output<Doc.ScanCommandOutput>>('Scan');
export const BatchGetCommand = command<Doc.BatchGetCommandInput, BatchGetCommandOutput>('BatchGetItem');
export const BatchWriteCommand = command<Doc.BatchWriteCommandInput, Output<Doc.BatchWriteCommandOutput>>('BatchWriteItem');
export const TransactWriteCommand = command<Doc.TransactWriteCommandInput, Output<Doc.TransactWriteCommandOutput>>('TransactWriteItems');

type WithDynamo = LiteClient & { readonly DynamoDB: Record<string, (input: object) => Promise<object>> };

/** The store's client: `send` takes the commands above. */
export class DynamoDocumentClient extends LiteServiceClient {
  constructor(options: { readonly region: string; readonly endpoint?: string }) {
    // `awsjsonMarshall` is read by the client's marshaller, though its typings leave it out.
    super({ ...options, plugins: [dynamodbPlugin], awsjsonMarshall: { removeUndefinedValues: true } }, (client, operation, input) => (client as WithDynamo).DynamoDB[operation]!(input));
  }
}
