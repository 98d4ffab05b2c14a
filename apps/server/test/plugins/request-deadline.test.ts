import { ErrorCode } from '@cityops/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/db/errors.js';
import errorHandler from '../../src/plugins/error-handler.js';
import requestDeadline from '../../src/plugins/request-deadline.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The two plugins alone, with a 100 ms deadline and routes that take their time. */
async function deadlineApp(): Promise<FastifyInstance> {
  const instance = Fastify();
  await instance.register(errorHandler);
  await instance.register(requestDeadline, { deadlineMs: 100 });
  instance.get('/slow', async () => {
    await pause(400);
    return { late: true };
  });
  instance.get('/quick', async () => ({ quick: true }));
  instance.get('/stream', async (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
    await pause(300);
    reply.raw.end('event: done\ndata: {}\n\n');
  });
  instance.post('/upload', async (request) => {
    await pause(300);
    return { type: request.headers['content-type'] };
  });
  instance.addContentTypeParser('multipart/form-data', (_request, _payload, done) =>
    done(null, undefined),
  );
  await instance.ready();
  return instance;
}

describe('request deadline', () => {
  it('answers 503 050004 with Retry-After when a request runs past it', async () => {
    app = await deadlineApp();
    const response = await app.inject({
      method: 'GET',
      url: '/slow',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({
      code: ErrorCode.TEMPORARILY_UNAVAILABLE,
      boolSuccess: false,
      msg: 'The service is temporarily unavailable, please try again in a few seconds',
      data: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      requestId: response.headers['x-request-id'],
    });
    // The handler finishing later changes nothing and takes nothing down.
    await pause(400);
    expect((await app.inject({ method: 'GET', url: '/quick' })).statusCode).toBe(200);
  });

  it('leaves alone a request answered in time, a stream and an upload', async () => {
    app = await deadlineApp();
    expect((await app.inject({ method: 'GET', url: '/quick' })).json()).toEqual({ quick: true });
    const stream = await app.inject({ method: 'GET', url: '/stream' });
    expect(stream.statusCode).toBe(200);
    expect(stream.body).toContain('event: done');
    const upload = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(upload.statusCode).toBe(200);
  });
});
