import type { Context } from 'aws-lambda';

export function lambdaContext(functionName: string, timeoutSeconds: number, requestId?: string, memoryMb?: number, deadline?: number): Context;
