// `npm run deploy:web -- <bucket>`: builds nothing, uploads web/dist to the web app's bucket
// (the stack's WebBucketName output). Hashed assets are cached for good; index.html is
// revalidated, so a new version is live as soon as it is uploaded.
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { lookup } from 'mrmime';

const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const bucket = process.argv[2] ?? process.env.WEB_BUCKET;
if (!bucket) throw new Error('usage: npm run deploy:web -- <WebBucketName output of the stack>');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const s3 = new S3Client({});
for (const path of files(dist)) {
  const key = relative(dist, path).split('\\').join('/');
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: createReadStream(path),
      ContentLength: statSync(path).size,
      ContentType: lookup(key) ?? 'application/octet-stream',
      CacheControl: key.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    }),
  );
  console.warn(`uploaded ${key}`);
}
