import {
  ErrorCode,
  type Envelope,
  type FieldError,
  type Language,
  type MessageValue,
  errorMessageKey,
  formatMessage,
  httpStatusOf,
  isMessageKey,
} from '@cityops/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  describeDatabaseFailure,
  isDatabaseUnavailable,
} from '../db/errors.js';
import { AppError } from '../lib/app-error.js';
import { languageFrom } from '../lib/language.js';
import { REQUEST_ID_HEADER } from '../lib/request-id.js';

type FailureCode = Exclude<ErrorCode, typeof ErrorCode.SUCCESS>;

export function failureEnvelope(
  language: Language,
  code: FailureCode,
  options: {
    messageKey?: AppError['messageKey'];
    values?: AppError['values'];
    data?: unknown;
    /** Given with a server error (5xx), for the user to quote (lib/request-id.ts). */
    requestId?: string;
  } = {},
): Envelope<unknown> {
  const key = options.messageKey ?? errorMessageKey[code];
  return {
    code,
    boolSuccess: false,
    msg: formatMessage(language, key, options.values),
    data: options.data ?? null,
    ...(options.requestId === undefined ? {} : { requestId: options.requestId }),
  };
}

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  code: FailureCode,
  options: Parameters<typeof failureEnvelope>[2] = {},
): FastifyReply {
  // A failure envelope is never checked against the route's response schema: a
  // route may describe its own answer for the same status (health's 503), and a
  // mismatch there would turn the failure into a 500.
  const status = httpStatusOf[code];
  return reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(
      failureEnvelope(request.language, code, {
        ...options,
        ...(status >= 500 ? { requestId: request.id } : {}),
      }),
    );
}

/**
 * 503 `050004` with `Retry-After` (header, and `data.retryAfterSeconds` for the web
 * client): the database cannot answer now, or not in time.
 */
export function sendRetryLater(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendFailure(
    request,
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)),
    ErrorCode.TEMPORARILY_UNAVAILABLE,
    { data: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS } },
  );
}

/** Fastify's own errors that are the caller's fault, by HTTP status. */
const codeByStatus: Record<number, FailureCode> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.TOKEN_INVALID,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  406: ErrorCode.BAD_REQUEST,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA,
  429: ErrorCode.RATE_LIMITED,
};

/**
 * Errors Fastify raises before a route is found (`FST_ERR_BAD_URL`, a failed
 * constraint): the envelope like every other refusal, in the caller's language,
 * without echoing the URL. Passed as Fastify's `frameworkErrors` option: the
 * request's hooks have not run, so its language is read here.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.language = languageFrom(request.headers['accept-language']);
  request.log.info({ err: { code: error.code } }, 'request refused');
  // sendFailure names the request (X-Request-Id): no onRequest hook has run.
  const status = error.statusCode ?? 400;
  sendFailure(request, reply, (status < 500 && codeByStatus[status]) || ErrorCode.BAD_REQUEST);
}

function translate(
  language: Language,
  message: string,
  values: Readonly<Record<string, MessageValue>> = {},
): string {
  return isMessageKey(message) ? formatMessage(language, message, values) : message;
}

/**
 * Every failure leaves in the envelope, in the caller's language. Nothing of an
 * unexpected error (stack, SQL) reaches the caller; it goes to the log.
 */
async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('language', 'zh-CN');
  app.addHook('onRequest', async (request) => {
    request.language = languageFrom(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = error.validationContext ?? 'body';
      const fields: FieldError[] = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || location,
        message: translate(request.language, issue.message ?? 'validation.invalid'),
      }));
      const names = [...new Set(fields.map((field) => field.field))].join(', ');
      return sendFailure(request, reply, ErrorCode.VALIDATION, {
        values: { fields: names },
        data: { fields },
      });
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      if (error.fields) {
        const fields = error.fields.map((field) => ({
          field: field.field,
          // A field's message may carry the error's values (the password's minimum length).
          message: translate(request.language, field.message, error.values),
        }));
        return sendFailure(request, reply, error.code, {
          messageKey: error.messageKey,
          values: { fields: fields.map((field) => field.field).join(', '), ...error.values },
          data: { fields, ...(error.data as object | undefined) },
        });
      }
      return sendFailure(request, reply, error.code, {
        messageKey: error.messageKey,
        values: error.values,
        data: error.data,
      });
    }
    const status = error.statusCode ?? 500;
    // A file's precondition or range that cannot be met (@fastify/static): the bare
    // status a static server answers, not an API envelope.
    if (status === 412 || status === 416) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
      return reply.code(status).send();
    }
    const mapped = codeByStatus[status];
    if (mapped && status < 500) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
      return sendFailure(request, reply, mapped);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is restarting or out of reach. The client may retry.
      request.log.warn({ database: describeDatabaseFailure(error) }, 'database unavailable');
      return sendRetryLater(request, reply);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendFailure(request, reply, ErrorCode.SERVER_ERROR);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
