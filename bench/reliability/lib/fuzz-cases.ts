/**
 * Bad input for every route of the served OpenAPI document: the requests only,
 * no HTTP. `runFuzz` sends them through whatever `send` it is given (a real
 * socket in the reliability suite, `app.inject` in the server's test suite).
 * Values come from fast-check with a fixed seed, so a run can be repeated.
 */
import fc from 'fast-check';

export interface FuzzRequest {
  /** Where the bad value went, for the report: e.g. `body.title (json)`. */
  label: string;
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

interface SchemaObject {
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  enum?: unknown[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  minimum?: number;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: SchemaObject }[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  /** The path template, e.g. `/api/business-guide/articles/{id}`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: SchemaObject }[];
  /** Top-level body fields, or null when the operation takes no body. */
  body: { name: string; schema: SchemaObject }[] | null;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: schema
          ? Object.entries(schema.properties ?? {}).map(([name, field]) => ({
              name,
              schema: field,
            }))
          : null,
      });
    }
  }
  return operations;
}

/** A value the schema would probably accept, so that the bad one is what gets judged. */
function plausible(schema: SchemaObject): unknown {
  if (schema.enum?.length) return schema.enum[0];
  // An id is text or a number: 1 is plausible where 'abc' would be refused.
  const options = schema.anyOf ?? schema.oneOf ?? [];
  const inner = options.find((option) => option.type === 'number') ?? options[0];
  if (inner) return plausible(inner);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'abc';
}

/** Edge cases that generated text rarely hits, always included. */
const EDGE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0008\u000b\u001b\u001f\u007f',
  '\r\n\r\nX-Injected: 1',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\u2060\ufeff',
  `e${'\u0301'.repeat(300)}`,
  '😀'.repeat(40),
  '\uffff\ufffe',
  'x'.repeat(70_000),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ff%',
  '   ',
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1',
  '0x10',
  '9'.repeat(400),
  '{{7*7}}${7*7}',
];

/**
 * Ids one past the database's integer columns (2^31), past a bigint (2^63) and of
 * 20 digits (issue 21): sent to every id of every route, in every run.
 */
export const EDGE_IDS = ['2147483648', '9223372036854775808', '12345678901234567890'];

/** Query and body fields that carry ids (every path parameter does, or names something). */
const ID_FIELD = /^(id|seq|before)$|Ids?$/;

/** Numbers and values of the wrong type. */
const EDGE_SCALARS: unknown[] = [
  -1,
  0,
  -0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  1e9,
  null,
  true,
  false,
  [],
  [[[]]],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
  ['a', 1, null],
];

/** Bodies no parser should choke on. */
export const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[',
  'NaN',
  '{"pageIndex":NaN}',
  '{"pageIndex":Infinity}',
  '{"a":1e999}',
  '\u0000',
  '"text"',
  '123',
  'null',
  '[]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"x":"${'\\ud800'}"}`,
];

export const MALFORMED_FORMS = [
  'a=%ZZ',
  '%',
  '&&&=&',
  '=\u0000',
  'a[b][c]=1',
  'pageIndex=1&pageIndex=2&pageIndex=3',
  `${'k'.repeat(5000)}=v`,
];

/** Conditional and odd headers, each sent once per route. */
const ODD_HEADERS: Record<string, string>[] = [
  { range: 'bytes=99999-' },
  { range: 'bytes=5-1' },
  { 'if-match': '"x"' },
  { 'if-none-match': '*' },
  { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
  { 'if-modified-since': 'not a date' },
  { 'accept-language': `${'zh-CN;q=0.9,'.repeat(400)}en` },
  { 'accept-encoding': 'gzip;q=x, *;q=-1' },
  { 'content-type': 'application/json; charset=utf-16' },
  { 'x-forwarded-for': 'not-an-address, , ::::' },
  { 'x-big': 'y'.repeat(20_000) },
];

/** Authorization headers that are not a live token. */
const BAD_AUTHORIZATION = [
  'Bearer ',
  'Bearer x',
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer null',
  'Basic !!!',
  'Basic ' + Buffer.from(':').toString('base64'),
  'bearer\tBearer',
];

export interface FuzzValues {
  strings: string[];
  scalars: unknown[];
}

/** The bad values of a run: the edge cases, then `runs` generated by fast-check from `seed`. */
export function fuzzValues(seed: number, runs: number): FuzzValues {
  const control = fc.string({
    unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
    maxLength: 16,
  });
  const generated = fc.sample(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 64 }),
      fc.string({ unit: 'grapheme', maxLength: 32 }),
      control,
      fc.string({ maxLength: 8 }).map((text) => `${text}\u0000${text}`),
      fc.string({ unit: 'binary', minLength: 2000, maxLength: 4000 }),
    ),
    { seed, numRuns: runs },
  );
  const numbers = fc.sample(
    fc.oneof(
      fc.double({ noNaN: true }),
      fc.integer(),
      fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((value) => value.toString()),
    ),
    { seed: seed + 1, numRuns: Math.max(4, Math.round(runs / 4)) },
  );
  return { strings: [...EDGE_STRINGS, ...generated], scalars: [...EDGE_SCALARS, ...numbers] };
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD). */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function fillPath(operation: Operation, override?: { name: string; value: string }): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    override?.name === name ? percentEncode(override.value) : '1',
  );
}

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** A form encoding of a value: what a browser's form would send for it. */
function formText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * The edge ids in every id of one operation: path parameters, query fields and
 * body fields named like an id (a list gets a list of one), as text and, in JSON,
 * as a number too.
 */
export function idCasesFor(operation: Operation): FuzzRequest[] {
  const cases: FuzzRequest[] = [];
  const { method } = operation;
  const plausibleQuery = Object.fromEntries(
    operation.query.map((q) => [q.name, formText(plausible(q.schema))]),
  );
  const plausibleBody = Object.fromEntries(
    (operation.body ?? []).map((field) => [field.name, plausible(field.schema)]),
  );
  const body: Pick<FuzzRequest, 'headers' | 'body'> = operation.body
    ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(plausibleBody) }
    : { headers: {} };
  const url = withQuery(fillPath(operation), plausibleQuery);
  for (const id of EDGE_IDS) {
    for (const name of operation.pathParams) {
      cases.push({
        label: `id path.${name}`,
        method,
        url: withQuery(fillPath(operation, { name, value: id }), plausibleQuery),
        ...body,
      });
    }
    for (const { name } of operation.query.filter((q) => ID_FIELD.test(q.name))) {
      cases.push({
        label: `id query.${name}`,
        method,
        url: withQuery(fillPath(operation), { ...plausibleQuery, [name]: id }),
        ...body,
      });
    }
    for (const { name } of (operation.body ?? []).filter((field) => ID_FIELD.test(field.name))) {
      const list = name.endsWith('Ids');
      for (const value of [id, Number(id)]) {
        cases.push({
          label: `id body.${name} (json)`,
          method,
          url,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...plausibleBody, [name]: list ? [value] : value }),
        });
      }
      cases.push({
        label: `id body.${name} (form)`,
        method,
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(
          Object.entries({ ...plausibleBody, [name]: id }).map(([key, value]) => [
            key,
            formText(value),
          ]),
        ).toString(),
      });
    }
  }
  return cases;
}

/** Every bad request for one operation (without the Authorization header). */
export function casesFor(operation: Operation, values: FuzzValues): FuzzRequest[] {
  const cases: FuzzRequest[] = [];
  const { method } = operation;
  const basePath = fillPath(operation);
  const plausibleQuery = Object.fromEntries(
    operation.query.map((q) => [q.name, formText(plausible(q.schema))]),
  );
  const plausibleBody = Object.fromEntries(
    (operation.body ?? []).map((field) => [field.name, plausible(field.schema)]),
  );
  const json = (body: unknown) => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const form = (body: Record<string, unknown>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      Object.entries(body).map(([key, value]) => [key, formText(value)]),
    ).toString(),
  });
  const sendsBody = operation.body !== null;
  const plain = sendsBody ? json(plausibleBody) : { headers: {}, body: undefined };
  const badValues: unknown[] = [...values.strings, ...values.scalars];

  for (const name of operation.pathParams) {
    for (const value of values.strings) {
      if (value === '') continue;
      cases.push({
        label: `path.${name}`,
        method,
        url: withQuery(fillPath(operation, { name, value }), plausibleQuery),
        ...plain,
      });
    }
  }
  for (const { name } of operation.query) {
    for (const value of badValues) {
      cases.push({
        label: `query.${name}`,
        method,
        url: withQuery(basePath, { ...plausibleQuery, [name]: formText(value) }),
        ...plain,
      });
    }
  }
  const url = withQuery(basePath, plausibleQuery);
  if (sendsBody) {
    for (const { name } of operation.body!) {
      for (const value of badValues) {
        cases.push({
          label: `body.${name} (json)`,
          method,
          url,
          ...json({ ...plausibleBody, [name]: value }),
        });
        cases.push({
          label: `body.${name} (form)`,
          method,
          url,
          ...form({ ...plausibleBody, [name]: value }),
        });
      }
    }
  }
  if (method !== 'GET' && method !== 'HEAD') {
    for (const body of MALFORMED_JSON) {
      cases.push({
        label: 'body (malformed json)',
        method,
        url,
        headers: { 'content-type': 'application/json' },
        body,
      });
    }
    for (const body of MALFORMED_FORMS) {
      cases.push({
        label: 'body (malformed form)',
        method,
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    }
    for (const contentType of [
      'text/plain',
      'application/xml',
      'multipart/form-data',
      'application/json; charset=latin1',
    ]) {
      cases.push({
        label: `content-type ${contentType}`,
        method,
        url,
        headers: { 'content-type': contentType },
        body: '{"a":1}',
      });
    }
    cases.push({
      label: 'body (1.5 MiB json)',
      method,
      url,
      ...json({ ...plausibleBody, padding: 'x'.repeat(1_500_000) }),
    });
  }
  for (const headers of ODD_HEADERS) {
    cases.push({
      label: `header ${Object.keys(headers)[0]}`,
      method,
      url,
      headers: { ...plain.headers, ...headers },
      body: plain.body,
    });
  }
  return [...cases, ...idCasesFor(operation)];
}

/**
 * The short run's cases for one operation: a NUL byte in every field (the
 * commonest way to break a PostgreSQL-backed server), the edge ids in every id,
 * and `count` more drawn from the full set with the run's seed.
 */
export function shortCasesFor(
  operation: Operation,
  values: FuzzValues,
  seed: number,
  count: number,
): FuzzRequest[] {
  const all = casesFor(operation, values);
  const nul = all
    .filter(
      (request) =>
        request.label.endsWith('(json)') ||
        request.label.startsWith('query.') ||
        request.label.startsWith('path.'),
    )
    .filter((request) =>
      (request.body ?? request.url).includes(request.body ? 'a\\u0000b' : 'a%00b'),
    );
  const drawn = all.length ? fc.sample(fc.constantFrom(...all), { seed, numRuns: count }) : [];
  return [...nul, ...idCasesFor(operation), ...drawn];
}

/** Requests with a bad Authorization header, for one operation. */
export function badAuthorizationCases(operation: Operation): FuzzRequest[] {
  const url = fillPath(operation);
  return BAD_AUTHORIZATION.map((authorization) => ({
    label: 'header authorization',
    method: operation.method,
    url,
    headers: { authorization },
  }));
}

/** Pages and files of the web app, with the conditional headers a browser or a prober sends. */
export function webCases(): FuzzRequest[] {
  const pages = [
    '/',
    '/login',
    '/business_guide/details?id=1',
    '/logo.svg',
    '/config.json',
    '/assets/none.js',
    '/%E0%A4%A',
    '/..%2f..%2fetc%2fpasswd',
  ];
  return pages.flatMap((url) =>
    ODD_HEADERS.filter((h) => !('content-type' in h)).map((headers) => ({
      label: `web ${Object.keys(headers)[0]}`,
      method: 'GET',
      url,
      headers,
    })),
  );
}

export interface FuzzAnswer {
  status: number;
  /** The envelope's code when the body was one. */
  code: string | null;
}

export interface FuzzReport {
  seed: number;
  runsPerField: number;
  operations: number;
  requests: number;
  withToken: number;
  withoutToken: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  /** One line per (route, place) that answered 5xx, with how often. */
  serverErrorCases: {
    route: string;
    label: string;
    status: number;
    code: string | null;
    count: number;
  }[];
  noAnswer: number;
  /** Where the requests that got no answer put their bad value. */
  noAnswerLabels: Record<string, number>;
  /** Where the requests went whose connection the server closed before this client read an answer. */
  closedLabels: Record<string, number>;
  tokenRenewals: number;
  durationMs: number;
}

/**
 * Sends every case of every operation, once without a token and once with the
 * token `signIn` gives (renewed when a case revoked it, e.g. the sign-out route).
 */
export async function runFuzz(options: {
  document: OpenApiDocument;
  send: (request: FuzzRequest) => Promise<FuzzAnswer | null>;
  signIn: () => Promise<string>;
  /** A cheap call that answers 401 once the token is dead. */
  tokenAlive: (token: string) => Promise<boolean>;
  seed: number;
  runs: number;
  /** Only these operations, e.g. for a short run. */
  only?: (operation: Operation) => boolean;
  /** A short run: per operation the NUL cases and this many drawn from the rest. */
  perOperation?: number;
  includeWeb?: boolean;
  /** Requests in flight at once. */
  concurrency?: number;
  progress?: (line: string) => void;
}): Promise<FuzzReport> {
  const started = performance.now();
  const values = fuzzValues(options.seed, options.runs);
  const operations = operationsOf(options.document).filter((op) => options.only?.(op) ?? true);
  const byStatus: Record<string, number> = {};
  const errors = new Map<string, FuzzReport['serverErrorCases'][number]>();
  let requests = 0;
  let withToken = 0;
  let noAnswer = 0;
  const noAnswerLabels: Record<string, number> = {};
  const closedLabels: Record<string, number> = {};
  let tokenRenewals = 0;
  let token = await options.signIn();

  async function sendAll(route: string, cases: FuzzRequest[], authorized: boolean) {
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const request = cases[next++]!;
        const headers = authorized
          ? { ...request.headers, authorization: `Bearer ${token}` }
          : request.headers;
        const answer = await options.send({ ...request, headers });
        requests++;
        if (authorized) withToken++;
        if (!answer) {
          noAnswer++;
          byStatus['no answer'] = (byStatus['no answer'] ?? 0) + 1;
          noAnswerLabels[request.label] = (noAnswerLabels[request.label] ?? 0) + 1;
          continue;
        }
        const key = answer.status === 0 ? 'connection closed' : String(answer.status);
        byStatus[key] = (byStatus[key] ?? 0) + 1;
        if (answer.status === 0)
          closedLabels[request.label] = (closedLabels[request.label] ?? 0) + 1;
        if (answer.status >= 500) {
          const key = `${route}|${request.label}|${answer.status}|${answer.code}`;
          const entry = errors.get(key) ?? {
            route,
            label: request.label,
            status: answer.status,
            code: answer.code,
            count: 0,
          };
          entry.count++;
          errors.set(key, entry);
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  }

  for (const operation of operations) {
    const route = `${operation.method} ${operation.path}`;
    const cases = options.perOperation
      ? shortCasesFor(operation, values, options.seed, options.perOperation)
      : casesFor(operation, values);
    const badTokens = options.perOperation
      ? badAuthorizationCases(operation).slice(0, 2)
      : badAuthorizationCases(operation);
    await sendAll(route, [...cases, ...badTokens], false);
    await sendAll(route, cases, true);
    if (!(await options.tokenAlive(token))) {
      token = await options.signIn();
      tokenRenewals++;
    }
    options.progress?.(
      `${route}: ${requests} requests so far, ${[...errors.values()].reduce((n, e) => n + e.count, 0)} 5xx`,
    );
  }
  if (options.includeWeb) await sendAll('web app', webCases(), false);

  const serverErrorCases = [...errors.values()].sort((a, b) => b.count - a.count);
  return {
    seed: options.seed,
    runsPerField: options.runs,
    operations: operations.length,
    requests,
    withToken,
    withoutToken: requests - withToken,
    byStatus,
    serverErrors: serverErrorCases.reduce((sum, entry) => sum + entry.count, 0),
    serverErrorCases,
    noAnswer,
    noAnswerLabels,
    closedLabels,
    tokenRenewals,
    durationMs: Math.round(performance.now() - started),
  };
}
