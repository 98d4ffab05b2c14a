// pg ships no types for its utilities; this declares the one the plans use.
declare module 'pg/lib/utils.js' {
  /** A parameter as pg sends it: arrays as `{...}`, dates as ISO text. */
  export function prepareValue(value: unknown): unknown;
}
