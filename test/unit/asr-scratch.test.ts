// Scratch folders of audio (issue 16, item 3): the job's download and the engines' decoded
// audio, named after the data folder, mode 0700; a start removes the ones an earlier run on the
// same data folder left, and no others.
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeScratch, removeStaleScratch, scratchPrefix } from '#shared/scratch.ts';

describe('ASR scratch folders', () => {
  it('are named per data folder and private to their owner', async () => {
    expect(scratchPrefix('asr', '/srv/a')).not.toBe(scratchPrefix('asr', '/srv/b'));
    expect(scratchPrefix('asr', '/srv/a')).toBe(scratchPrefix('asr', '/srv/a/'));
    expect(scratchPrefix('job', '/srv/a')).toMatch(/^verbatim-job-[0-9a-f]{12}-$/);
    const parent = mkdtempSync(join(tmpdir(), 'scratch-test-'));
    const previous = process.umask(0o000);
    try {
      for (const kind of ['asr', 'job'] as const) {
        const dir = await makeScratch(kind, parent);
        expect(dir.slice(parent.length + 1).startsWith(scratchPrefix(kind))).toBe(true);
        expect(statSync(dir).mode & 0o777).toBe(0o700);
      }
    } finally {
      process.umask(previous);
    }
  });

  it('removes what an earlier run on this data folder left, and nothing else', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'scratch-test-'));
    const mine = [await mkdtemp(join(parent, scratchPrefix('asr', '/srv/mine'))), await mkdtemp(join(parent, scratchPrefix('job', '/srv/mine')))];
    writeFileSync(join(mine[0]!, 'chunk-0.wav'), 'decoded audio');
    const theirs = await mkdtemp(join(parent, scratchPrefix('job', '/srv/theirs')));
    const unrelated = await mkdtemp(join(parent, 'verbatim-job-'));
    expect(await removeStaleScratch('/srv/mine', parent)).toBe(2);
    for (const d of mine) expect(existsSync(d)).toBe(false);
    expect(readdirSync(parent).sort()).toEqual([theirs, unrelated].map((d) => d.slice(parent.length + 1)).sort());
  });
});
