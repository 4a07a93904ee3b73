// Counted nouns and sizes in the web app ("1 segment", "2 segments", "14.2 KB"), as its labels and questions read them.
import { describe, expect, it } from 'vitest';
import { byteSize, counted } from '../../web/src/components/words.ts';

describe('counted', () => {
  it('writes one in the singular and every other count in the plural', () => {
    expect(counted(1, 'segment')).toBe('1 segment');
    expect(counted(0, 'segment')).toBe('0 segments');
    expect(counted(2, 'recording')).toBe('2 recordings');
    expect(counted(12_345, 'recording')).toBe('12,345 recordings');
    expect(counted(3, 'person', 'people')).toBe('3 people');
  });
});

describe('byteSize', () => {
  it('writes bytes, then KB, MB and GB in units of 1,024, one decimal', () => {
    expect(byteSize(1)).toBe('1 byte');
    expect(byteSize(812)).toBe('812 bytes');
    expect(byteSize(14_540)).toBe('14.2 KB');
    expect(byteSize(3.1 * 1024 * 1024)).toBe('3.1 MB');
    expect(byteSize(500 * 1024 ** 3)).toBe('500.0 GB');
  });
});
