// The local object store: s3rver, which keeps each object as a file and streams request and
// response bodies to and from disk, so taking or serving a 500 MB recording costs the runtime
// no more memory than a 5 MB one (fauxqs, which still plays SQS, holds objects in memory).
// Bound to loopback only.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLocalS3Atomic } from './s3-atomic.ts';

export interface LocalS3 {
  readonly endpoint: string;
  /** Accepts requests signed with this key pair too (each local function signs with its own). */
  allow(credentials: { accessKeyId: string; secretAccessKey: string }): void;
  stop(): Promise<void>;
}

interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
// CommonJS packages without types: the server class and the account registry it checks keys in.
const S3rver = require('@20minutes/s3rver') as new (options: Record<string, unknown>) => S3rverServer;
const { DUMMY_ACCOUNT } = require('@20minutes/s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };

/** Browsers PUT to presigned URLs from other origins; real S3 answers CORS per bucket rules. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

/**
 * `dir` keeps the objects across restarts; without it they live in a temporary folder removed
 * on stop. `credentials` is the key pair the service signs with (signatures are checked).
 */
export async function startLocalS3(options: { dir?: string; bucket: string; credentials: { accessKeyId: string; secretAccessKey: string } }): Promise<LocalS3> {
  makeLocalS3Atomic();
  DUMMY_ACCOUNT.createKeyPair(options.credentials.accessKeyId, options.credentials.secretAccessKey);
  const directory = options.dir ?? mkdtempSync(join(tmpdir(), 'verbatim-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    // Like fauxqs, a loopback-only stand-in: signatures are computed by the SDK, not checked here.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: options.bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    allow: (c) => DUMMY_ACCOUNT.createKeyPair(c.accessKeyId, c.secretAccessKey),
    stop: async () => {
      await server.close();
      if (!options.dir) rmSync(directory, { recursive: true, force: true });
    },
  };
}
