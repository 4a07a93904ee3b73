// The AWS SDK's S3 client, for tests that look into the bucket beyond what the functions do
// (list a folder, plant an object): the functions' own S3 calls are shared/clients/s3.ts.
import { S3Client } from '@aws-sdk/client-s3';
import { settings } from '#shared/config.ts';

let client: S3Client | undefined;

/** Signs with this process's credentials and talks to AWS_ENDPOINT_URL_S3, as the functions do. */
export function testS3(): S3Client {
  client ??= new S3Client({ region: settings().region, endpoint: process.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true });
  return client;
}
