import { ErrorCode, contractMessages, errorMessageKey, httpStatusOf } from '@cityops/contract';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { OPERATIONS } from './openapi-operations.js';

/**
 * The parts of the OpenAPI document that are not in the routes' zod schemas:
 * operation names, error answers with the envelope, and the OpenAPI 3.0 forms
 * Redocly's recommended rules ask for. Checked by `test/plugins/openapi.test.ts`
 * (lint and a generated client that compiles).
 */

/**
 * Whether a route needs a signed-in caller; the auth plugin (`plugins/auth.ts`)
 * decides the same way. The one place the document reads the route's access.
 */
export function needsSignIn(config: FastifyContextConfig | undefined): boolean {
  return config?.access !== 'public';
}

/** Whether the route counts calls (`plugins/request-limits.ts`, or in its service). */
function isRateLimited(config: FastifyContextConfig | undefined): boolean {
  return (
    Boolean((config as { rateLimit?: unknown } | undefined)?.rateLimit) ||
    Boolean(config?.limitedInService)
  );
}

/** Carries a route's error answers from `transform` to `finishDocument`; never left in the document. */
export const ERRORS_EXTENSION = 'x-cityops-errors';

/**
 * The error answers a route's declaration implies. Every call may meet a
 * malformed request (400), a server exception (500) and a database or server
 * that cannot answer now (503).
 */
export function errorAnswersOf(route: Pick<RouteOptions, 'config' | 'schema' | 'url'>): number[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const answers = new Set([400, 500, 503]);
  if (needsSignIn(route.config)) {
    answers.add(401);
    // A role that may not, or a password that must be reset first.
    answers.add(403);
  }
  if (isRateLimited(route.config)) answers.add(429);
  if (schema.body || schema.querystring || schema.params || schema.consumes) answers.add(422);
  if (schema.body || schema.consumes) {
    answers.add(413);
    answers.add(415);
  }
  if (schema.params || route.url.includes('/:')) answers.add(404);
  return [...answers];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/**
 * The operation's name: the entry of `OPERATIONS`, else the rule: the method,
 * then each path segment after `/api` in PascalCase, a path parameter as
 * `By<Name>` (`GET /api/business-guide/articles/{id}` → `getBusinessGuideArticlesById`).
 */
export function operationIdOf(method: string, path: string): string {
  const named = OPERATIONS[`${method.toUpperCase()} ${path}`];
  if (named) return named.id;
  const pascal = (text: string) =>
    text
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join('');
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? `By${pascal(parameter[1]!)}` : pascal(segment);
    });
  return method.toLowerCase() + words.join('');
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Codes with their English text, for the descriptions of the error answers. */
function codesOf(status: number): string {
  return (
    (Object.entries(httpStatusOf) as [ErrorCode, number][])
      .filter(([code, codeStatus]) => codeStatus === status && code !== ErrorCode.SUCCESS)
      // 000404 is said between the product's windows, never by the server.
      .filter(([code]) => code !== ErrorCode.SESSION_GONE)
      .map(([code]) => {
        const key = errorMessageKey[code as Exclude<ErrorCode, '000000'>];
        return `\`${code}\` ${contractMessages.en[key].replace(/\{\{\w+\}\}/g, '…')}`;
      })
      .join('; ')
  );
}

const retryAfter = (description: string) => ({
  'Retry-After': { description, schema: { type: 'integer', minimum: 1 } },
});

/** The error answers, by HTTP status: the component's name and what it says. */
const ERROR_RESPONSES: Record<number, { name: string; description: string; headers?: Json }> = {
  400: {
    name: 'BadRequest',
    description: `The request cannot be used (malformed URL, JSON or multipart body, a refused sign-in). Codes: ${codesOf(400)}.`,
  },
  401: {
    name: 'Unauthorized',
    description: `No live bearer token. Codes: ${codesOf(401)}.`,
  },
  403: {
    name: 'Forbidden',
    description: `The caller may not do this, or must reset the password first. Codes: ${codesOf(403)}.`,
  },
  404: { name: 'NotFound', description: `Nothing by that name or id. Codes: ${codesOf(404)}.` },
  409: {
    name: 'Conflict',
    description: `Someone changed it in the meantime, or its state does not allow this. Codes: ${codesOf(409)}.`,
  },
  413: { name: 'PayloadTooLarge', description: `Codes: ${codesOf(413)}.` },
  415: { name: 'UnsupportedMediaType', description: `Codes: ${codesOf(415)}.` },
  422: {
    name: 'ValidationFailed',
    description: `A field is not valid; \`data.fields\` names each one with its message. Codes: ${codesOf(422)}.`,
  },
  423: { name: 'Locked', description: `Codes: ${codesOf(423)}.` },
  429: {
    name: 'TooManyRequests',
    description: `Too many calls from this address. Codes: ${codesOf(429)}.`,
    headers: retryAfter('Seconds until the next call may pass.'),
  },
  500: {
    name: 'ServerError',
    description: `An unexpected failure, logged on the server; the answer has no detail. Codes: ${codesOf(500)}.`,
  },
  503: {
    name: 'Unavailable',
    description: `The server is shutting down, or the database cannot answer now or in time (then with \`Retry-After\` and \`data.retryAfterSeconds\`). Codes: ${codesOf(503)}.`,
    headers: retryAfter('With `050004`: seconds after which a retry may succeed.'),
  },
};

/** The envelope of every refused call. */
const ERROR_SCHEMAS: Record<string, Json> = {
  FieldError: {
    type: 'object',
    required: ['field', 'message'],
    properties: {
      field: { type: 'string', description: 'The field, as the request named it.' },
      message: { type: 'string', description: "What is wrong, in the caller's language." },
    },
  },
  ErrorEnvelope: {
    type: 'object',
    description:
      "The envelope of a refused call: `code` says why (see the answer's description), `msg` says it in the caller's language (`Accept-Language`).",
    required: ['code', 'boolSuccess', 'msg', 'data'],
    properties: {
      code: {
        type: 'string',
        enum: Object.values(ErrorCode).filter(
          (code) => code !== ErrorCode.SUCCESS && code !== ErrorCode.SESSION_GONE,
        ),
      },
      boolSuccess: { type: 'boolean', enum: [false] },
      msg: { type: 'string' },
      data: {
        type: 'object',
        nullable: true,
        description: 'null, or details of the refusal.',
        properties: {
          fields: { type: 'array', items: schemaRef('FieldError') },
          retryAfterSeconds: { type: 'integer', minimum: 1 },
        },
        additionalProperties: true,
      },
      requestId: {
        type: 'string',
        description:
          'With a server error (5xx): the request id, as in the `X-Request-Id` header and the server log; quote it to the operations team.',
      },
    },
  },
};

function errorResponse(status: number): Json {
  const answer = ERROR_RESPONSES[status];
  if (!answer) throw new Error(`No description of the error answer ${status}`);
  return {
    description: answer.description,
    ...(answer.headers ? { headers: answer.headers } : {}),
    content: { 'application/json': { schema: schemaRef('ErrorEnvelope') } },
  };
}

/**
 * OpenAPI 3.0 forms of what zod's converter emits: `nullable` needs a `type`
 * beside it (it goes into each branch of an `anyOf`/`oneOf`, or a null branch is
 * added), and an `anyOf` of one schema is that schema.
 */
function normaliseSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normaliseSchema);
  if (!isObject(schema)) return schema;
  const result: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, normaliseSchema(child)]),
      );
    } else if (['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf'].includes(key)) {
      result[key] = normaliseSchema(value);
    } else {
      result[key] = value;
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = result[key];
    if (!Array.isArray(branches)) continue;
    if (result.nullable === true && result.type === undefined) {
      delete result.nullable;
      result[key] = branches.every((branch) => isObject(branch) && branch.type !== undefined)
        ? branches.map((branch) => ({ ...(branch as Json), nullable: true }))
        : [...branches, { type: 'string', nullable: true, enum: [null] }];
    }
    const only = (result[key] as unknown[])[0];
    if ((result[key] as unknown[]).length === 1 && isObject(only)) {
      const clashes = Object.keys(only).some((name) => name in result && name !== key);
      if (!clashes) {
        delete result[key];
        Object.assign(result, only);
      }
    }
  }
  return result;
}

const mapValues = (record: unknown, map: (value: Json) => Json) =>
  isObject(record)
    ? Object.fromEntries(
        Object.entries(record).map(([key, value]) => [key, isObject(value) ? map(value) : value]),
      )
    : record;

const withSchema = (holder: Json): Json =>
  holder.schema === undefined ? holder : { ...holder, schema: normaliseSchema(holder.schema) };

/** The operation with every schema in it (parameters, body, answers) in OpenAPI 3.0 form. */
function normaliseOperation(operation: Json): Json {
  const result: Json = { ...operation };
  if (Array.isArray(operation.parameters)) {
    result.parameters = operation.parameters.map((parameter: Json) => withSchema(parameter));
  }
  if (isObject(operation.requestBody)) {
    result.requestBody = {
      ...operation.requestBody,
      content: mapValues(operation.requestBody.content, withSchema),
    };
  }
  result.responses = mapValues(operation.responses, (response) => ({
    ...response,
    ...(response.content ? { content: mapValues(response.content, withSchema) } : {}),
    ...(response.headers ? { headers: mapValues(response.headers, withSchema) } : {}),
  }));
  return result;
}

/** Every `$ref` target in a part of the document. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsIn(child, found);
    }
  }
  return found;
}

/**
 * The finished document: operation names, error answers, OpenAPI 3.0 forms, and
 * only the component schemas something refers to.
 */
export function finishDocument(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  const names = new Map<string, string>();
  const usedStatuses = new Set<number>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = operationIdOf(method, path);
      const twin = names.get(id);
      if (twin) throw new Error(`operationId ${id} names both ${twin} and ${method} ${path}`);
      names.set(id, `${method} ${path}`);
      const implied = (operation[ERRORS_EXTENSION] as number[] | undefined) ?? [];
      delete operation[ERRORS_EXTENSION];
      const extra = OPERATIONS[`${method.toUpperCase()} ${path}`]?.errors ?? [];
      const responses = (operation.responses ?? {}) as Record<string, unknown>;
      for (const status of [...new Set([...implied, ...extra])].sort((a, b) => a - b)) {
        if (responses[status]) continue;
        usedStatuses.add(status);
        responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
      }
      item[method] = normaliseOperation({ operationId: id, ...operation, responses });
    }
  }
  const components = (document.components ?? {}) as Json;
  const schemas = normaliseSchema({ ...(components.schemas as Json), ...ERROR_SCHEMAS }) as Json;
  const responses = Object.fromEntries(
    [...usedStatuses]
      .sort((a, b) => a - b)
      .map((status) => [ERROR_RESPONSES[status]!.name, errorResponse(status)]),
  );
  // Keep only the schemas something refers to (zod's registry gives input and output forms).
  const reachable = new Set<string>();
  let frontier = refsIn({ paths, responses });
  while (frontier.size > 0) {
    const next = new Set<string>();
    for (const ref of frontier) {
      const name = ref.replace('#/components/schemas/', '');
      if (reachable.has(name) || !schemas[name]) continue;
      reachable.add(name);
      for (const inner of refsIn(schemas[name])) next.add(inner);
    }
    frontier = next;
  }
  return {
    ...document,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reachable.has(name))),
      responses,
    },
  };
}
