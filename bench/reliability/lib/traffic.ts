import { type Answer, type CallOptions, call } from './http.js';

/** What happened to one request of a traffic run. */
export interface Outcome {
  kind: string;
  /** Milliseconds since the run started, when the request was sent. */
  sentAt: number;
  ms: number;
  /** 0 when no HTTP answer came (connection refused or reset, or the 10 s client timeout). */
  status: number;
  code: string | null;
  /** The Retry-After header, when there was one. */
  retryAfter: string | null;
  /** The envelope's data.retryAfterSeconds, when there was one. */
  retryAfterSeconds: number | null;
  /** Why no answer came: 'timeout' or the network error's code. */
  error: string | null;
  /** For writes: what the server acknowledged (e.g. a message id). */
  acknowledged: string | null;
}

export interface RequestKind {
  kind: string;
  path: string;
  options: () => CallOptions;
  /** What a successful answer acknowledges (e.g. the id of a row written). */
  acknowledged?: (answer: Answer) => string | null;
}

/**
 * Keeps `workers` loops per request kind busy against `baseUrl` until `stop()`:
 * each loop sends its next request as soon as the previous one is answered. The
 * client timeout is the web client's 10 s.
 */
export function startTraffic(baseUrl: string, kinds: { kind: RequestKind; workers: number }[]) {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  let running = true;

  async function once(kind: RequestKind): Promise<void> {
    const sentAt = performance.now() - started;
    try {
      const answer = await call(baseUrl, kind.path, kind.options());
      const data = answer.body?.data as { retryAfterSeconds?: unknown } | null | undefined;
      outcomes.push({
        kind: kind.kind,
        sentAt,
        ms: answer.ms,
        status: answer.status,
        code: answer.body?.code ?? null,
        retryAfter: answer.headers.get('retry-after'),
        retryAfterSeconds:
          typeof data?.retryAfterSeconds === 'number' ? data.retryAfterSeconds : null,
        error: null,
        acknowledged:
          answer.status === 200 && answer.body?.boolSuccess
            ? (kind.acknowledged?.(answer) ?? null)
            : null,
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      const cause = (error as { cause?: { code?: string } }).cause;
      outcomes.push({
        kind: kind.kind,
        sentAt,
        ms: performance.now() - started - sentAt,
        status: 0,
        code: null,
        retryAfter: null,
        retryAfterSeconds: null,
        error: name === 'TimeoutError' ? 'timeout' : (cause?.code ?? String(error)),
        acknowledged: null,
      });
      // A refused connection answers at once: do not spin.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const loops = kinds.flatMap(({ kind, workers }) =>
    Array.from({ length: workers }, async () => {
      while (running) await once(kind);
    }),
  );

  return {
    outcomes,
    /** Milliseconds since the traffic started. */
    now: () => performance.now() - started,
    async stop(): Promise<Outcome[]> {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** Answers grouped by HTTP status (0: no answer), e.g. { "200": 812, "503": 40 }. */
export function byStatus(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.status === 0 ? `no answer (${outcome.error})` : String(outcome.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
