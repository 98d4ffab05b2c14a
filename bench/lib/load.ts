import autocannon from 'autocannon';

export interface LoadResult {
  url: string;
  durationSeconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Fires requests at one address for `seconds` with `connections` kept busy. */
export async function loadTest(options: {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  method?: 'GET' | 'POST';
  body?: string;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    ...(options.method ? { method: options.method } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
    duration: options.seconds,
    connections: options.connections,
  });
  return {
    url: new URL(options.url).pathname,
    durationSeconds: options.seconds,
    connections: options.connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
