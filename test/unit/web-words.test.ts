// Counted nouns in the web app ("1 segment", "2 segments"), as its labels and questions read them.
import { describe, expect, it } from 'vitest';
import { counted } from '../../web/src/components/words.ts';

describe('counted', () => {
  it('writes one in the singular and every other count in the plural', () => {
    expect(counted(1, 'segment')).toBe('1 segment');
    expect(counted(0, 'segment')).toBe('0 segments');
    expect(counted(2, 'recording')).toBe('2 recordings');
    expect(counted(12_345, 'recording')).toBe('12,345 recordings');
    expect(counted(3, 'person', 'people')).toBe('3 people');
  });
});

