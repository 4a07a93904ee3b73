// SQS from fauxqs, in-process. Its startFauxqs() always listens on every interface, so the
// stores are wired here the same way and the server binds to loopback only. Objects are not
// kept here: fauxqs holds them in memory, and the local S3 (s3.ts) streams them to disk.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

/** `dir` persists queues and messages across restarts; without it all is in memory. */
export async function startFauxqs(dir?: string): Promise<LocalFauxqs> {
  // Loaded when needed: it loads node:sqlite, whose warning `npm start` then filters (main.ts).
  const { buildApp } = await import('fauxqs');
  const { SqsStore } = await internal<{ SqsStore: new () => any }>('sqs/sqsStore.js');
  const { SnsStore } = await internal<{ SnsStore: new () => any }>('sns/snsStore.js');
  const { S3Store } = await internal<{ S3Store: new () => any }>('s3/s3Store.js');
  const stores = { sqsStore: new SqsStore(), snsStore: new SnsStore(), s3Store: new S3Store() };
  const closers: (() => void)[] = [];
  if (dir) {
    const { PersistenceManager } = await internal<{ PersistenceManager: new (dir: string) => any }>('persistence.js');
    const queues = new PersistenceManager(join(dir, 'sqs'));
    queues.loadSqsAndSns(stores.sqsStore, stores.snsStore);
    stores.sqsStore.persistence = queues;
    stores.snsStore.persistence = queues;
    for (const queue of stores.sqsStore.allQueues()) queue.persistence = queues;
    closers.push(() => queues.close());
  }
  const app = buildApp({ logger: false, host: '127.0.0.1', stores });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    endpoint: address,
    stop: async () => {
      await app.close();
      for (const close of closers) close();
    },
  };
}
