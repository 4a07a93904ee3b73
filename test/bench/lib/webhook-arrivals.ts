// What a bench receiver got, read once per delivery id; and the CPU a process used, from /proc.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Receiver } from '../../support/receiver.ts';

/** CPU seconds (user + system) a process has used so far, from /proc; NaN where there is none. */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return Number.NaN;
  }
}

let ticks: number | undefined;
function clockTicks(): number {
  ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticks;
}

/** Share of one core each process used between two readings. */
export function cpuShare(before: readonly number[], after: readonly number[], seconds: number): number[] {
  return before.map((b, i) => (after[i]! - b) / seconds);
}

export interface Arrival {
  readonly id: string;
  readonly type: string;
  readonly recordingId: number | undefined;
  readonly eventAt: number;
  readonly at: number;
}

/** Reads the receiver's requests once each: first arrival per Service-Delivery-Id, repeats counted. */
export class Arrivals {
  readonly first = new Map<string, Arrival>();
  readonly perRecording = new Map<number, number>();
  duplicates = 0;
  mismatchedIds = 0;
  private cursor = 0;

  constructor(private readonly receiver: Receiver) {}

  update(): this {
    const { received } = this.receiver;
    for (; this.cursor < received.length; this.cursor++) {
      const request = received[this.cursor]!;
      const body = JSON.parse(request.body) as { id: string; type: string; timestamp: string; data?: { recording_id?: number } };
      const id = request.headers['service-delivery-id'] ?? body.id;
      if (id !== body.id) this.mismatchedIds++;
      if (this.first.has(id)) {
        this.duplicates++;
        continue;
      }
      const recordingId = body.data?.recording_id;
      this.first.set(id, { id, type: body.type, recordingId, eventAt: Date.parse(body.timestamp), at: request.at });
      if (recordingId !== undefined) this.perRecording.set(recordingId, (this.perRecording.get(recordingId) ?? 0) + 1);
    }
    return this;
  }

  of(recordingIds: readonly number[]): Arrival[] {
    const wanted = new Set(recordingIds);
    return [...this.first.values()].filter((a) => a.recordingId !== undefined && wanted.has(a.recordingId));
  }

  count(recordingIds: readonly number[]): number {
    return recordingIds.reduce((sum, id) => sum + (this.perRecording.get(id) ?? 0), 0);
  }
}
