// The Lambda context object the local runtime hands to handlers. Plain JavaScript: the worker
// threads that run the function bundles (lambda/instance.mjs) load it without tsx.
import { randomUUID } from 'node:crypto';

/** @type {import('./lambda-context.d.mts').lambdaContext} */
export function lambdaContext(functionName, timeoutSeconds, requestId = randomUUID(), memoryMb = 512, deadline = Date.now() + timeoutSeconds * 1000) {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
