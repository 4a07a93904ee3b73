// The S3 clients in a module of their own, so a bundle that never
// touches S3 never evaluates the S3 SDK (see clients.ts).
import { S3Client } from '@aws-sdk/client-s3';
import { onResetClients } from '../clients.ts';
import { settings } from '../config.ts';

let s3: S3Client | undefined;
let presignS3: S3Client | undefined;

export function s3Client(): S3Client {
  s3 ??= new S3Client({ region: settings().region, forcePathStyle: true });
  return s3;
}

/**
 * Client for presigning only. Default settings put the CRC32 of an empty body into presigned
 * PUT URLs, which real S3 then refuses for any non-empty upload (no emulator notices).
 */
export function presignClient(): S3Client {
  presignS3 ??= new S3Client({
    region: settings().region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return presignS3;
}

onResetClients(() => {
  s3 = undefined;
  presignS3 = undefined;
});
