// Resident memory of another process (Linux /proc): VmRSS sampled on an interval, and VmHWM
// (the kernel's own peak), which can be reset through clear_refs for a clean peak per phase.
import { readFileSync, writeFileSync } from 'node:fs';

const MB = 1024 * 1024;

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for pid ${pid}`);
  return Number(match[1]);
}

export const rssBytes = (pid: number) => statusKb(pid, 'VmRSS') * 1024;
export const hwmBytes = (pid: number) => statusKb(pid, 'VmHWM') * 1024;

/** Resets VmHWM to the current RSS; false where the kernel does not allow it. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return hwmBytes(pid) <= rssBytes(pid) + MB;
  } catch {
    return false;
  }
}

export interface RssSampler {
  /** Stops sampling; the highest VmRSS seen, and VmHWM now. */
  stop(): { peakRss: number; hwm: number; samples: number };
}

export function sampleRss(pid: number, everyMs = 100): RssSampler {
  let peak = rssBytes(pid);
  let samples = 1;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
      samples++;
    } catch {
      // the process ended; stop() reports what was seen
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      let hwm = Number.NaN;
      try {
        peak = Math.max(peak, rssBytes(pid));
        hwm = hwmBytes(pid);
      } catch {
        // gone
      }
      return { peakRss: peak, hwm, samples };
    },
  };
}

export const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
