// SQS and S3 from fauxqs, in-process. Its startFauxqs() always listens on every interface,
// so the stores are wired here the same way and the server binds to loopback only.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from 'fauxqs';

export interface LocalFauxqs {
  readonly endpoint: string;
  stop(): Promise<void>;
}

// The package exports only its entry; its stores are reached by file URL next to it.
const distDir = createRequire(import.meta.url)
  .resolve.paths('fauxqs')!
  .map((dir) => join(dir, 'fauxqs', 'dist'))
  .find((dir) => existsSync(join(dir, 'app.js')))!;
const internal = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(distDir, file)).href)) as T;

/** `dir` persists queues, messages and objects across restarts; without it all is in memory. */
export async function startFauxqs(dir?: string, bodyLimitBytes = 1024 * 1024 * 1024): Promise<LocalFauxqs> {
  const { SqsStore } = await internal<{ SqsStore: new () => any }>('sqs/sqsStore.js');
  const { SnsStore } = await internal<{ SnsStore: new () => any }>('sns/snsStore.js');
  const { S3Store } = await internal<{ S3Store: new () => any }>('s3/s3Store.js');
  const stores = { sqsStore: new SqsStore(), snsStore: new SnsStore(), s3Store: new S3Store() };
  const closers: (() => void)[] = [];
  if (dir) {
    const { PersistenceManager } = await internal<{ PersistenceManager: new (dir: string) => any }>('persistence.js');
    const { FileS3Persistence } = await internal<{ FileS3Persistence: new (dir: string) => any }>('s3/fileS3Persistence.js');
    const queues = new PersistenceManager(join(dir, 'sqs'));
    const objects = new FileS3Persistence(join(dir, 's3'));
    queues.loadSqsAndSns(stores.sqsStore, stores.snsStore);
    objects.loadS3(stores.s3Store);
    stores.sqsStore.persistence = queues;
    stores.snsStore.persistence = queues;
    for (const queue of stores.sqsStore.allQueues()) queue.persistence = queues;
    stores.s3Store.persistence = objects;
    closers.push(() => queues.close(), () => objects.close());
  }
  const app = buildApp({ logger: false, host: '127.0.0.1', stores });
  allowBrowserUploads(app);
  allowLargeObjects(app, bodyLimitBytes);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    endpoint: address,
    stop: async () => {
      await app.close();
      for (const close of closers) close();
    },
  };
}

/** Browsers PUT to presigned URLs from other origins; real S3 answers CORS per bucket rules. */
function allowBrowserUploads(app: ReturnType<typeof buildApp>): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', 'ETag');
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET, PUT, POST, HEAD');
      reply.header('Access-Control-Allow-Headers', '*');
      await reply.code(204).send();
    }
  });
}

/**
 * fauxqs caps request bodies at 11 MiB (enough for multipart parts), but a presigned upload
 * PUTs a whole file of up to UPLOAD_MAX_MB in one request, as real S3 allows up to 5 GB.
 */
function allowLargeObjects(app: ReturnType<typeof buildApp>, bodyLimit: number): void {
  app.removeContentTypeParser('*');
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
}
