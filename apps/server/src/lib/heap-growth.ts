import v8 from 'node:v8';

/** How far, in percent, the heap may grow past what a full collection kept. */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Keeps the server's garbage near its live data. V8 lets the heap grow up to four
 * times what the last full collection kept when its limit is large, and the limit is
 * a quarter of the machine's memory: on a 24 GB machine the heap grew from 50 MB of
 * live data to 190 MB of mostly garbage under the bench's load, and the process past
 * the 400 MB budget of issue 23 (docs/performance.md, "Server memory on PGlite").
 * The flag is read at every full collection, so setting it at start applies however
 * the server is launched; an operator's own `--heap-growing-percent` (on the command
 * line or in NODE_OPTIONS) is left alone.
 */
export function limitHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
): boolean {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) =>
    /^--heap[-_]growing[-_]percent(=|$)/.test(flag),
  );
  if (given) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
