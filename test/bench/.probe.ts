import { startStack } from './lib/stack.ts';
import { wavBytes } from './lib/wav.ts';
const stack = await startStack({ RATE_LIMIT_PROCESSING_PER_MINUTE: '0', ASR_PROVIDER: 'instant', LLM_PROVIDER: 'instant' });
try {
  for (const size of [10 * 1024 * 1024, 12 * 1024 * 1024, 150 * 1024 * 1024]) {
    const plan = await (await fetch(`${stack.url}/api/v1/recordings/uploads`, { method: 'POST', headers: { authorization: `Bearer ${stack.adminToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ filename: 'a.wav', size, content_type: 'audio/wav' }) })).json() as any;
    console.log(size, plan.method, plan.part_size, plan.parts?.length);
    const bytes = wavBytes(size);
    const url = plan.method === 'PUT' ? plan.url : plan.parts[0].url;
    const body = plan.method === 'PUT' ? bytes : bytes.subarray(0, plan.part_size);
    const put = await fetch(url, { method: 'PUT', headers: plan.headers ?? {}, body });
    console.log('PUT', put.status, (await put.text()).slice(0, 300));
  }
} finally { await stack.stop(); }
