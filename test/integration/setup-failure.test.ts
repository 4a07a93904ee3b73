// Setup on a machine where packages are missing and apt-get cannot run (issue 16, item 5): no
// stack trace, one readable line saying what to run by hand, and a non-zero exit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
// A PATH with only node and sh: every package looks missing, and there is no apt-get.
const bin = mkdtempSync(join(tmpdir(), 'verbatim-setup-path-'));
symlinkSync(process.execPath, join(bin, 'node'));
symlinkSync('/bin/sh', join(bin, 'sh'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe('setup when packages cannot be installed', () => {
  it('ends in one line naming the apt-get command to run as root, and exits non-zero', () => {
    const run = spawnSync(join(bin, 'node'), ['infra/local/setup.mjs', 'test'], { cwd: root, env: { PATH: bin }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Setup failed: .+\. Run as root: apt-get update && apt-get install -y --no-install-recommends .*openjdk-17-jre-headless.*ffmpeg.*; then run this again\.$/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
