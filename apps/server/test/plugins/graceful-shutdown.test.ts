import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/** Splits what a keep-alive connection received into its HTTP responses. */
function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headerEnd = rest.indexOf('\r\n\r\n');
    const headers = rest.slice(0, headerEnd);
    const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(headerEnd + 4), 'utf8');
    responses.push({
      status: Number(headers.slice(9, 12)),
      headers,
      body: bodyBytes.subarray(0, length).toString('utf8'),
    });
    rest = bodyBytes.subarray(length).toString('utf8');
  }
  return responses;
}

function request(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nConnection: keep-alive\r\n\r\n`;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('graceful shutdown', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  it('lets an in-flight request finish and answers 503 to a new one', async () => {
    t = await createTestApp();
    const app = t.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    // Hold the settings table so that a request reading it stays in flight.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.withDedicatedConnection((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`lock table settings in access exclusive mode`);
        locked();
        await released;
      }),
    );
    await isLocked;

    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));

    socket.write(request('/api/organization/config?key=systemName'));
    await until(
      () => t!.logs.some((line) => line.includes('/api/organization/config?key=systemName')),
      'the first request to arrive',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    // SIGTERM in main.ts calls app.close().
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(request('/api/health'));
    await until(
      () => t!.logs.some((line) => line.includes('"url":"/api/health"')),
      'the second request to arrive',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await holder;

    await ended;
    await closing;
    const [first, second] = parseResponses(received);
    expect(first?.status).toBe(200);
    expect(JSON.parse(first!.body)).toMatchObject({ code: '000000', data: '城市运行管理服务平台' });
    expect(second?.status).toBe(503);
    expect(second!.headers.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(second!.body)).toEqual({
      code: ErrorCode.UNAVAILABLE,
      boolSuccess: false,
      msg: 'The service is restarting, please try again in a moment',
      data: null,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('on SIGTERM stops listening, still serves open connections and closes each after its answer', async () => {
    t = await createTestApp();
    const app = t.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    // A proxy's kept-alive connection, opened before the signal.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));

    const stopped = app.stopGracefully(5_000);
    await until(() => !app.server.listening, 'the listener to close');
    // A new connection is refused: a proxy sends that request elsewhere, even a POST.
    const refused = await new Promise<string>((resolve) => {
      const late = net.connect(port, '127.0.0.1');
      late.on('connect', () => resolve('connected'));
      late.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    // The open connection is still served, and its answer closes it.
    socket.write(request('/api/organization/config?key=systemName'));
    await ended;
    await stopped;
    const [answer, extra] = parseResponses(received);
    expect(answer?.status).toBe(200);
    expect(answer!.headers.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer!.body)).toMatchObject({ code: '000000' });
    expect(extra).toBeUndefined();
  });
});
