import { describe, expect, it } from 'vitest';
import { diarizationErrorRate } from '../bench/lib/der.ts';

const t = <L>(start: number, end: number, speaker: L) => ({ start, end, speaker });

describe('diarisation error rate', () => {
  it('is 0 for the reference under other labels (the mapping is found)', () => {
    const ref = [t(0, 2, 0), t(2.5, 4, 1), t(4, 6, 0)];
    const result = diarizationErrorRate(ref, [t(0, 2, 'B'), t(2.5, 4, 'A'), t(4, 6, 'B')]);
    expect(result.der).toBe(0);
    expect(result.mapping).toEqual(new Map([['B', 0], ['A', 1]]));
  });

  it('counts missed speech, false alarm and confusion over the reference speech', () => {
    const ref = [t(0, 4, 0), t(4, 8, 1), t(8, 10, 2)];
    // 1 s missed (0–1), 1 s false alarm (10–11), 2 s of speaker 2 given to X (mapped to 0).
    const hyp = [t(1, 4, 'X'), t(4, 8, 'Y'), t(8, 11, 'X')];
    const result = diarizationErrorRate(ref, hyp);
    expect(result.total).toBeCloseTo(10);
    expect(result.missed).toBeCloseTo(1);
    expect(result.falseAlarm).toBeCloseTo(1);
    expect(result.confusion).toBeCloseTo(2);
    expect(result.der).toBeCloseTo(0.4);
  });

  it('maps one label to one speaker: a hypothesis with one label for two voices confuses the smaller', () => {
    const result = diarizationErrorRate([t(0, 6, 'a'), t(6, 8, 'b')], [t(0, 8, 1)]);
    expect(result.confusion).toBeCloseTo(2);
    expect(result.der).toBeCloseTo(0.25);
  });

  it('leaves time within the collar of a reference boundary unscored', () => {
    // The hypothesis starts 0.2 s late and ends 0.2 s early: all missed without a collar, none with 0.25 s.
    const ref = [t(1, 5, 0)];
    const hyp = [t(1.2, 4.8, 'A')];
    expect(diarizationErrorRate(ref, hyp).missed).toBeCloseTo(0.4);
    const collared = diarizationErrorRate(ref, hyp, { collar: 0.25 });
    expect(collared.der).toBe(0);
    expect(collared.total).toBeCloseTo(3.5);
  });
});
