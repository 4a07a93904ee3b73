import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pipelineProgress } from '#infra/cli/progress.ts';

describe('the CLI bar while a recording is transcribed', () => {
  it('draws the percentage and the time left the service reports', () => {
    const stream = new PassThrough();
    let drawn = '';
    stream.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
    const progress = pipelineProgress(true, stream);
    progress.update('Recording 7: PROCESSING', 0.25, 90);
    progress.update('Recording 7: PROCESSING', 0.5, 40);
    progress.stop();
    expect(drawn).toContain('Recording 7: PROCESSING');
    expect(drawn).toMatch(/50% \| about 40 s left/);
  });

  it('draws nothing when not at a terminal', () => {
    const stream = new PassThrough();
    let drawn = '';
    stream.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
    const progress = pipelineProgress(false, stream);
    progress.update('Recording 7: PROCESSING', 0.5, 40);
    progress.stop();
    expect(drawn).toBe('');
  });
});
