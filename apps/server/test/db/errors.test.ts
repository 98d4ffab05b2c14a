import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, POSTGRES_TIMEOUTS, openDatabase } from '../../src/db/client.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  describeDatabaseFailure,
  isDatabaseUnavailable,
} from '../../src/db/errors.js';
import errorHandler from '../../src/plugins/error-handler.js';
import { openTestDatabase } from '../helpers/test-app.js';

/** A port where nothing listens: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What the driver throws for a query, or null when it succeeds. */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
    return null;
  } catch (error) {
    return error;
  }
}

let opened: Database | undefined;
let silent: net.Server | undefined;
const silentSockets = new Set<net.Socket>();
afterEach(async () => {
  await opened?.close();
  opened = undefined;
  for (const socket of silentSockets) socket.destroy();
  silentSockets.clear();
  await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
  silent = undefined;
});

describe('database unavailability', () => {
  it('is recognised in a refused connection, through Drizzle’s wrapper, without logging the query’s values', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort() });
    const error = await failureOf(
      drizzle(pool).execute(sql`select ${'13800138000'}::text as mobile`),
    );
    await pool.end();
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    const described = JSON.stringify(describeDatabaseFailure(error));
    expect(described).toContain('ECONNREFUSED');
    expect(described).not.toContain('13800138000');
    expect(described).not.toContain('select');
  });

  it('is answered 503 050004 with Retry-After, not 500', async () => {
    const app = Fastify();
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort() });
    await app.register(errorHandler);
    app.get('/probe', async () => drizzle(pool).execute(sql`select 1`));
    const response = await app.inject({
      method: 'GET',
      url: '/probe',
      headers: { 'accept-language': 'zh-CN' },
    });
    await app.close();
    await pool.end();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({
      code: ErrorCode.TEMPORARILY_UNAVAILABLE,
      boolSuccess: false,
      msg: '服务暂时不可用，请稍候几秒再试',
      data: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      // The request's id, for the person to quote (issue 23).
      requestId: response.headers['x-request-id'],
    });
  });

  it('is recognised in a connection the server ends (57P01) and a statement cut by statement_timeout (57014)', async () => {
    if (process.env.TEST_DATABASE !== 'postgres') return;
    opened = await openTestDatabase();
    const ended = await failureOf(
      opened.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`),
    );
    expect(isDatabaseUnavailable(ended)).toBe(true);
    const started = Date.now();
    const cut = await failureOf(opened.db.execute(sql`select pg_sleep(30)`));
    expect(Date.now() - started).toBeLessThan(POSTGRES_TIMEOUTS.statementMs + 2_000);
    expect(isDatabaseUnavailable(cut)).toBe(true);
  });

  it('gives up on a server that accepts connections and never answers within the connect limit', async () => {
    // A PostgreSQL host that hangs: TCP connects, no answer ever comes.
    silent = net.createServer((socket) => {
      silentSockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    opened = await openDatabase({ databaseUrl: `postgres://u@127.0.0.1:${port}/x`, dataDir: '' });
    const started = Date.now();
    const error = await failureOf(opened.db.execute(sql`select 1`));
    expect(Date.now() - started).toBeLessThan(POSTGRES_TIMEOUTS.connectMs + 2_000);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is not claimed for the caller’s or the code’s own errors', async () => {
    opened = await openTestDatabase();
    const syntax = await failureOf(opened.db.execute(sql`select * from no_such_table`));
    expect(syntax).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(
      false,
    );
  });
});
