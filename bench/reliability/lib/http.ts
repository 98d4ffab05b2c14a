/** What the suite needs of an answer: status, headers and the parsed envelope (or raw text). */
export interface Answer {
  status: number;
  headers: Headers;
  body: { code?: string; boolSuccess?: boolean; msg?: string; data?: unknown } | null;
  text: string;
  /** Milliseconds from sending to the whole answer. */
  ms: number;
}

export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  body?: BodyInit;
  /** The web client's timeout (10 s) by default. */
  timeoutMs?: number;
}

/** One API call, as the web client makes it; never throws for an HTTP status. */
export async function call(
  baseUrl: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': 'en', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  let parsed: Answer['body'] = null;
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    // Not JSON (a static file, or nginx's own error page).
  }
  return {
    status: response.status,
    headers: response.headers,
    body: parsed,
    text,
    ms: performance.now() - started,
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (0-100) of some numbers, rounded to 0.1. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}
