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
  export interface RequestSpec {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /** Changes the request before it goes (each time), e.g. a body of its own. */
    setupRequest?: (request: RequestSpec) => RequestSpec;
  }
  interface Options {
    url: string;
    headers?: Record<string, string>;
    duration?: number;
    connections?: number;
    /** Each connection sends these in turn, over and over. */
    requests?: RequestSpec[];
    /** Requests per second from all connections together. */
    overallRate?: number;
    /** Stops after this many requests (instead of `duration`). */
    amount?: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
