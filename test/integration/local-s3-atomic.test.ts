// The local object store replaces an object as S3 does, atomically: a GET running beside PUTs of
// the same key gets one whole version, never a short body or one version's size with another's
// bytes. (s3rver on its own writes in place; a reader of the search index then failed with
// "aborted" in the SIGKILL test.)
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../infra/local/s3.ts';

const credentials = { accessKeyId: 'LOCALATOMIC', secretAccessKey: 'local-atomic-secret' };
const bucket = 'atomic-test';
let s3: LocalS3;
let client: S3Client;

beforeAll(async () => {
  s3 = await startLocalS3({ bucket, credentials });
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

/** Version n: `size` bytes all equal to n, so a mixed or short body is seen at once. */
const version = (n: number, size: number) => Buffer.alloc(size, n);

describe('the local object store under concurrent writes', () => {
  it('gives every reader one whole version of an object being replaced', async () => {
    const sizes = [3 * 1024 * 1024, 200 * 1024, 1024 * 1024];
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'index', Body: version(0, sizes[0]!) }));
    let writing = true;
    const writer = (async () => {
      for (let n = 1; n <= 40; n++) await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'index', Body: version(n, sizes[n % sizes.length]!) }));
      writing = false;
    })();
    const problems: string[] = [];
    let reads = 0;
    const reader = async () => {
      while (writing) {
        try {
          const body = Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'index' }))).Body!.transformToByteArray());
          const n = body[0]!;
          if (body.length !== sizes[n % sizes.length] || body.some((b) => b !== n)) problems.push(`version ${n}: ${body.length} bytes, mixed or short`);
          reads++;
        } catch (error) {
          problems.push(String(error));
        }
      }
    };
    await Promise.all([writer, reader(), reader(), reader()]);
    expect(problems).toEqual([]);
    expect(reads).toBeGreaterThan(20);
  }, 120_000);
});
