// A hit's text with its matched words marked: the text is split at the given ranges and each
// part rendered as text (never as markup).
import type { SearchHit } from './types.ts';

export function HitText({ hit }: { hit: Pick<SearchHit, 'text' | 'highlights'> }) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  const ranges = hit.highlights.map(([start = 0, end = 0]) => [start, end] as const).sort((a, b) => a[0] - b[0]);
  for (const [start, end] of ranges) {
    if (start < at || end <= start) continue;
    if (start > at) parts.push({ text: hit.text.slice(at, start), marked: false });
    parts.push({ text: hit.text.slice(start, end), marked: true });
    at = end;
  }
  if (at < hit.text.length) parts.push({ text: hit.text.slice(at), marked: false });
  return <>{parts.map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : p.text))}</>;
}
