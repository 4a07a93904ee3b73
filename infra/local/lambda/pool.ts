// Plays the Lambda service for one function: instances (worker threads, each with the
// function's own environment and a heap capped at its memory size) start on first use, run one
// invocation at a time, are stopped when an invocation outlives the function's timeout (the
// next one starts cold, as on AWS), and are reclaimed after a minute idle. Each invocation first
// has Lambda assume the function's role, if a check is given: a role it may not assume runs nothing.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';

const INSTANCE_SCRIPT = new URL('./instance.mjs', import.meta.url);
const IDLE_MS = 60_000;

export interface FunctionSpec {
  /** As on AWS: the name logs and contexts carry. */
  readonly name: string;
  /** The folder holding index.mjs. */
  readonly bundle: string;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  readonly env: Readonly<Record<string, string>>;
  /** Instances running side by side at most (Lambda's reserved concurrency); further calls wait. */
  readonly maxInstances: number;
  /** Throws if Lambda may not assume the function's execution role (its trust policy). */
  readonly assumeRole?: () => Promise<void>;
}

/** The invocation ran past the function's timeout and was stopped. */
export class FunctionTimeoutError extends Error {
  override readonly name = 'FunctionTimeoutError';
}

interface Instance {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  lastUsed: number;
  /** Settles the invocation in flight when the worker answers or dies. */
  settle?: (outcome: { result?: unknown; error?: Error }) => void;
}

export class LocalFunction {
  private readonly instances = new Set<Instance>();
  private readonly idle: Instance[] = [];
  private readonly waiting: ((i: Instance) => void)[] = [];
  private readonly reaper: NodeJS.Timeout;

  constructor(readonly spec: FunctionSpec) {
    this.reaper = setInterval(() => this.reap(), IDLE_MS / 4).unref();
  }

  async invoke(event: unknown, requestId: string = randomUUID()): Promise<unknown> {
    await this.spec.assumeRole?.();
    const instance = await this.acquire();
    try {
      await instance.ready;
    } catch (error) {
      this.discard(instance);
      throw error;
    }
    const deadline = Date.now() + this.spec.timeoutSeconds * 1000;
    const outcome = await new Promise<{ result?: unknown; error?: Error }>((settle) => {
      instance.settle = settle;
      const timer = setTimeout(() => settle({ error: new FunctionTimeoutError(`${this.spec.name} timed out after ${this.spec.timeoutSeconds} s`) }), deadline - Date.now());
      instance.settle = (o) => {
        clearTimeout(timer);
        settle(o);
      };
      instance.worker.postMessage({ id: requestId, event, requestId, deadline });
    });
    instance.settle = undefined;
    if (outcome.error instanceof FunctionTimeoutError) this.discard(instance);
    else this.release(instance);
    if (outcome.error) throw outcome.error;
    return outcome.result;
  }

  async stop(): Promise<void> {
    clearInterval(this.reaper);
    this.waiting.length = 0;
    await Promise.all([...this.instances].map((i) => this.discard(i)));
  }

  private acquire(): Promise<Instance> {
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.instances.size < this.spec.maxInstances) return Promise.resolve(this.start());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(instance: Instance): void {
    if (!this.instances.has(instance)) return;
    instance.lastUsed = Date.now();
    const next = this.waiting.shift();
    if (next) next(instance);
    else this.idle.push(instance);
  }

  private start(): Instance {
    const { name, bundle, memoryMb, env } = this.spec;
    const worker = new Worker(INSTANCE_SCRIPT, {
      workerData: { bundle, functionName: name, memoryMb },
      env: { ...env },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    const instance: Instance = { worker, lastUsed: Date.now(), ready: Promise.resolve() };
    (instance as { ready: Promise<void> }).ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: { type: string; result?: unknown; error?: { name: string; message: string; stack?: string } }) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'init-error') reject(revive(m.error!, `${name} failed to initialise`));
        else instance.settle?.(m.type === 'result' ? { result: m.result } : { error: revive(m.error!) });
      });
      // An uncaught error or a heap over the memory size ends the instance, and the call in it.
      worker.on('error', (error) => {
        reject(error);
        instance.settle?.({ error });
      });
      worker.on('exit', (code) => {
        this.forget(instance);
        const error = new Error(`${name} instance exited (${code})`);
        reject(error);
        instance.settle?.({ error });
      });
    });
    instance.ready.catch(() => undefined);
    this.instances.add(instance);
    return instance;
  }

  private forget(instance: Instance): void {
    if (!this.instances.delete(instance)) return;
    const at = this.idle.indexOf(instance);
    if (at >= 0) this.idle.splice(at, 1);
    // A caller waiting for an instance gets a fresh one in its place.
    const next = this.waiting.shift();
    if (next) next(this.start());
  }

  private async discard(instance: Instance): Promise<void> {
    this.forget(instance);
    await instance.worker.terminate();
  }

  private reap(): void {
    for (const instance of [...this.idle]) if (Date.now() - instance.lastUsed > IDLE_MS) void this.discard(instance);
  }
}

function revive(error: { name: string; message: string; stack?: string }, prefix?: string): Error {
  const revived = new Error(prefix ? `${prefix}: ${error.message}` : error.message);
  revived.name = error.name;
  if (error.stack) revived.stack = error.stack;
  return revived;
}
