import { describe, expect, it } from 'vitest';
import { progressView, steps, throttled } from '#shared/domain/recordings/progress.ts';

const at = (ms: number) => new Date(ms).toISOString();

describe('job progress', () => {
  it('tells the share done and the time left at the pace so far, only while PROCESSING or SUMMARIZING', () => {
    const since = 1_000_000;
    const stored = { status: 'PROCESSING', progress: 0.5, progress_since: at(since), progress_at: at(since + 20_000) };
    expect(progressView(stored, since + 20_000)).toEqual({ progress: 50, eta_seconds: 20 });
    expect(progressView(stored, since + 25_000)).toEqual({ progress: 50, eta_seconds: 15 });
    expect(progressView(stored, since + 60_000)).toEqual({ progress: 50, eta_seconds: 0 });
    expect(progressView({ ...stored, status: 'SUMMARIZING' }, since + 20_000)).toEqual({ progress: 50, eta_seconds: 20 });
    for (const status of ['PENDING', 'COMPLETED', 'FAILED']) expect(progressView({ ...stored, status }, since + 20_000)).toEqual({ progress: null, eta_seconds: null });
    expect(progressView({ ...stored, progress: 0 }, since)).toEqual({ progress: 0, eta_seconds: null });
    expect(progressView({ status: 'PROCESSING' }, since)).toEqual({ progress: null, eta_seconds: null });
    expect(progressView({ ...stored, progress: 7 }, since + 20_000)).toEqual({ progress: 100, eta_seconds: 0 });
  });

  it('writes at most once per interval, never backwards, and swallows a failed write', async () => {
    let now = 0;
    const written: number[] = [];
    const report = throttled(async (f) => {
      written.push(f);
      if (f > 0.5) throw new Error('store down');
    }, 2_000, () => now);
    report(0.1);
    report(0.2);
    now = 1_999;
    report(0.3);
    now = 2_000;
    report(0.4);
    now = 5_000;
    report(0.3);
    report(0.9);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([0.1, 0.4, 0.9]);
  });
});

describe('a job of several steps', () => {
  it('maps each step\'s own share onto its part of the whole, by weight', () => {
    const reported: number[] = [];
    const step = steps((f) => reported.push(f), [3, 1]);
    step(0)(0.5);
    step(0)(1);
    step(1)(0.5);
    step(1)(2);
    step(1)(-1);
    expect(reported).toEqual([0.375, 0.75, 0.875, 1, 0.75]);
  });
});
