// Audio on AWS: the functions that decode it (ASR_PROVIDER=openai or whisperx cut long
// recordings with ffprobe and ffmpeg) get both in a layer built for their architecture, /tmp
// fits the largest upload where audio is staged, and the embedded engine is refused.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/aws/functions.ts';
import { mediaLayerFolder } from '../../infra/aws/media-layer.ts';
import { serviceFunctions, synth, SYNTH_TIMEOUT_MS, type Synthesized } from './synth.ts';

/** ELF e_machine: 183 is AArch64, 62 is x86-64. */
function machine(file: string): number {
  const fd = openSync(file, 'r');
  const header = Buffer.alloc(20);
  readSync(fd, header, 0, 20, 0);
  closeSync(fd);
  expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
  return header.readUInt16LE(18);
}

const worker = (s: Synthesized, prefix: string) => serviceFunctions(s.template).find(([id]) => id.startsWith(prefix))![1].Properties!;

describe('audio on AWS', { timeout: SYNTH_TIMEOUT_MS }, () => {
  it.each(['openai', 'whisperx'])('gives the transcription worker ffmpeg and ffprobe for its architecture with ASR_PROVIDER=%s, and room in /tmp', (provider) => {
    const s = synth('dev', { bundle: false, settings: { ASR_PROVIDER: provider, ASR_BASE_URL: 'https://asr.example.com/v1', UPLOAD_MAX_MB: '1000' } });
    try {
      const fn = worker(s, 'ConsumerTranscribe');
      expect(fn.Architectures).toEqual(['arm64']);
      expect(fn.Layers).toHaveLength(1);
      const layer = s.resources[fn.Layers[0].Ref]!;
      expect(layer.Type).toBe('AWS::Lambda::LayerVersion');
      expect(layer.Properties!.CompatibleArchitectures).toEqual(['arm64']);
      // The recording (up to UPLOAD_MAX_MB) is staged in /tmp, and its chunks beside it.
      expect(fn.EphemeralStorage.Size).toBeGreaterThanOrEqual(1000 + 2 * 25);
      // Functions that never decode audio get neither.
      expect(worker(s, 'ConsumerEvents').Layers).toBeUndefined();
      expect(worker(s, 'ConsumerEvents').EphemeralStorage).toBeUndefined();
    } finally {
      s.dispose();
    }
  });

  it('builds the layer from the registry packages: bin/ffmpeg and bin/ffprobe, executables for arm64', () => {
    const folder = mediaLayerFolder(PROJECT_ROOT, Architecture.ARM_64);
    // Lambda mounts a layer at /opt, and /opt/bin is on the runtime's PATH: found by name.
    for (const tool of ['ffmpeg', 'ffprobe']) expect(machine(join(folder, 'bin', tool)), tool).toBe(183);
  });

  it('adds nothing with Amazon Transcribe, which decodes nothing in the function', () => {
    const s = synth('dev', { bundle: false });
    try {
      expect(worker(s, 'ConsumerTranscribe').Layers).toBeUndefined();
    } finally {
      s.dispose();
    }
  });

  it('refuses ASR_PROVIDER=local, which needs pocketsphinx, with a clear message', () => {
    expect(() => synth('dev', { bundle: false, settings: { ASR_PROVIDER: 'local' } })).toThrow(/ASR_PROVIDER=local cannot run on AWS: .*pocketsphinx/);
  });
});
