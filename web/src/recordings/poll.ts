// Polling within the rate budget: one request at a time, every few seconds only while something
// is processing and the tab is visible; a 429 doubles the pause (up to a minute).
import { useEffect, useRef } from 'preact/hooks';
import { ApiFailure } from '../api/client.ts';

export function usePolling(active: boolean, tick: () => Promise<void>, everyMs = 4000): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!active) return undefined;
    let delay = everyMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const run = async () => {
      if (!document.hidden) {
        try {
          await latest.current();
          delay = everyMs;
        } catch (failure) {
          if (failure instanceof ApiFailure && failure.status === 429) delay = Math.min(delay * 2, 60_000);
        }
      }
      if (!stopped) timer = setTimeout(run, delay);
    };
    timer = setTimeout(run, delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, everyMs]);
}
