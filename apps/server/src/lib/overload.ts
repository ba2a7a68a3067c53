import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The event loop's delay is read this often (ms), as the mean of the delays sampled since the last reading. */
const READING_MS = 1000;
/** How finely the delay is sampled (ms); a sample's own timer lateness below this is noise. */
const RESOLUTION_MS = 10;

export interface OverloadGuard {
  /** True while the server should refuse calls that can wait. */
  overloaded(): boolean;
  close(): void;
}

/**
 * Overloaded means the event loop's delay stayed above the limit for `sustained` readings in a
 * row. One long task — a large query on the embedded database, which runs in this thread, or a
 * big workbook — is a single late reading however long it lasts, and sheds nothing: refusing the
 * calls behind it would not make it end sooner. Work arriving faster than it is done keeps every
 * reading late, and then calls that can wait are refused until a reading falls below the limit.
 */
export function overloadGuard(limitMs: number, sustained = 3): OverloadGuard {
  const delays = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delays.enable();
  let lateReadings = 0;
  const reading = setInterval(() => {
    const delay = delays.count > 0 ? delays.mean / 1e6 - RESOLUTION_MS : 0;
    delays.reset();
    lateReadings = delay > limitMs ? lateReadings + 1 : 0;
  }, READING_MS).unref();
  return {
    overloaded: () => lateReadings >= sustained,
    close: () => {
      clearInterval(reading);
      delays.disable();
    },
  };
}
