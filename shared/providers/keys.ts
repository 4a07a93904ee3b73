// Provider API keys. Locally they come from the environment; on AWS only the name of an SSM
// parameter is in the environment, and the key is read from Parameter Store once per cold start.
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { settings } from '../config.ts';
import { ProviderError } from './types.ts';

const cache = new Map<string, Promise<string>>();

export function providerKey(kind: 'asr' | 'llm'): Promise<string | undefined> {
  const { apiKey, apiKeyParameter } = settings()[kind];
  if (apiKey) return Promise.resolve(apiKey);
  if (!apiKeyParameter) return Promise.resolve(undefined);
  let key = cache.get(apiKeyParameter);
  if (!key) {
    key = readParameter(apiKeyParameter);
    cache.set(apiKeyParameter, key);
    key.catch(() => cache.delete(apiKeyParameter));
  }
  return key;
}

async function readParameter(name: string): Promise<string> {
  const client = new SSMClient({ region: settings().region });
  try {
    const { Parameter } = await client.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
    if (!Parameter?.Value) throw new ProviderError(`The provider key parameter ${name} is empty`, false);
    return Parameter.Value;
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(`The provider key could not be read from parameter ${name}`, true);
  } finally {
    client.destroy();
  }
}
