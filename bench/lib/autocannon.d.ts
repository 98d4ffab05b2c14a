// autocannon ships no types; this declares the part the bench uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  interface Options {
    url: string;
    headers?: Record<string, string>;
    duration?: number;
    connections?: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
