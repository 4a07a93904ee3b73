// A recording's status as a chip whose text says it (colour only repeats it).
import type { Status } from './types.ts';

const WORDS: Record<Status, string> = { PENDING: 'queued', PROCESSING: 'transcribing', SUMMARIZING: 'summarizing', COMPLETED: 'completed', FAILED: 'failed' };

export function StatusChip({ status }: { status: Status }) {
  return <span class={`chip status-${status.toLowerCase()}`}>{WORDS[status]}</span>;
}
