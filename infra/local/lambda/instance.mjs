// One Lambda instance: a worker thread that imports a function's bundle (index.mjs, as the
// Node.js runtime does with handler "index.handler") with the function's own environment, then
// runs one invocation at a time. Plain JavaScript, so the bundle runs without tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { lambdaContext } from '../lambda-context.mjs';

const { bundle, functionName, memoryMb } = workerData;

const serialise = (error) => ({ name: error?.name ?? 'Error', message: error?.message ?? String(error), stack: error?.stack });

let handler;
try {
  const mod = await import(new URL(`file://${bundle}/index.mjs`).href);
  if (typeof mod.handler !== 'function') throw new Error(`${bundle}/index.mjs exports no handler`);
  handler = mod.handler;
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'init-error', error: serialise(error) });
}

parentPort.on('message', async ({ id, event, requestId, deadline }) => {
  try {
    const result = await handler(event, lambdaContext(functionName, 0, requestId, memoryMb, deadline));
    parentPort.postMessage({ type: 'result', id, result });
  } catch (error) {
    parentPort.postMessage({ type: 'error', id, error: serialise(error) });
  }
});
