// Scratch folders of decoded audio (issue 16, item 3): named after the data folder, mode 0700,
// and a start removes the ones an earlier run on the same data folder left, and no others.
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeStaleScratch, scratchPrefix } from '#shared/scratch.ts';

describe('ASR scratch folders', () => {
  it('are named per data folder and private to their owner', async () => {
    expect(scratchPrefix('/srv/a')).not.toBe(scratchPrefix('/srv/b'));
    expect(scratchPrefix('/srv/a')).toBe(scratchPrefix('/srv/a/'));
    const parent = mkdtempSync(join(tmpdir(), 'scratch-test-'));
    const dir = await mkdtemp(join(parent, scratchPrefix('/srv/a')));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('removes what an earlier run on this data folder left, and nothing else', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'scratch-test-'));
    const mine = [await mkdtemp(join(parent, scratchPrefix('/srv/mine'))), await mkdtemp(join(parent, scratchPrefix('/srv/mine')))];
    writeFileSync(join(mine[0]!, 'chunk-0.wav'), 'decoded audio');
    const theirs = await mkdtemp(join(parent, scratchPrefix('/srv/theirs')));
    const unrelated = await mkdtemp(join(parent, 'verbatim-asr-'));
    expect(await removeStaleScratch('/srv/mine', parent)).toBe(2);
    for (const d of mine) expect(existsSync(d)).toBe(false);
    expect(readdirSync(parent).sort()).toEqual([theirs, unrelated].map((d) => d.slice(parent.length + 1)).sort());
  });
});
