// Provider API keys. Locally they come from the environment; on AWS only the name of an SSM
// parameter is in the environment, and the key is read from Parameter Store (Powertools
// parameters) and kept for KEY_MAX_AGE_SECONDS, so a rotated key is picked up without a deploy.
import { SSMClient } from '@aws-sdk/client-ssm';
import { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';
import { settings } from '../config.ts';
import { ProviderError } from './types.ts';

const KEY_MAX_AGE_SECONDS = 300;

let provider: SSMProvider | undefined;

export function providerKey(kind: 'asr' | 'llm'): Promise<string | undefined> {
  const { apiKey, apiKeyParameter } = settings()[kind];
  if (apiKey) return Promise.resolve(apiKey);
  if (!apiKeyParameter) return Promise.resolve(undefined);
  return readParameter(apiKeyParameter);
}

async function readParameter(name: string): Promise<string> {
  provider ??= new SSMProvider({ awsSdkV3Client: new SSMClient({ region: settings().region }) });
  let value: string | undefined;
  try {
    value = await provider.get(name, { decrypt: true, maxAge: KEY_MAX_AGE_SECONDS });
  } catch {
    // The SDK's message may name the account or the parameter's ARN: the user gets a plain one.
    throw new ProviderError(`The provider key could not be read from parameter ${name}`, true);
  }
  if (!value) throw new ProviderError(`The provider key parameter ${name} is empty`, false);
  return value;
}
