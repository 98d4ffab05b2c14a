/**
 * Fuzz: the built server on a fresh embedded database, every route of its
 * OpenAPI document (`/api/docs/json`) with the bad input of lib/fuzz-cases.ts,
 * over real sockets, with and without the admin's token; then a few requests
 * no HTTP client library would send (raw bytes). Afterwards the server must
 * still answer its health check and a signed-in call.
 */
import http from 'node:http';
import net from 'node:net';
import { apiSignIn } from '../lib/auth.js';
import { startServer } from '../lib/server.js';
import type { Check } from './faults.js';
import { call } from './lib/http.js';
import {
  type FuzzAnswer,
  type FuzzRequest,
  type OpenApiDocument,
  runFuzz,
} from './lib/fuzz-cases.js';
import { ports } from './lib/ports.js';

const MENU_PATH = '/api/organization/customize_configuration/userSysModel';
/** The admin signs in from an address of its own, apart from the fuzz's failed sign-ins. */
const ADMIN_ADDRESS = { 'x-forwarded-for': '192.0.2.10' };

function sendOverHttp(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const { hostname, port } = new URL(baseUrl);
  return {
    agent,
    send: (request: FuzzRequest) =>
      new Promise<FuzzAnswer | null>((resolve) => {
        const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
        const outgoing = http.request(
          {
            host: hostname,
            port,
            method: request.method,
            path: request.url,
            agent,
            headers: {
              'accept-language': 'en',
              ...request.headers,
              ...(body ? { 'content-length': body.length } : {}),
            },
            timeout: 10_000,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              let code: string | null = null;
              try {
                code =
                  (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code ??
                  null;
              } catch {
                // Not an envelope (a page, a file).
              }
              resolve({ status: response.statusCode ?? 0, code });
            });
            response.on('error', () => resolve(null));
          },
        );
        let timedOut = false;
        outgoing.on('timeout', () => {
          timedOut = true;
          outgoing.destroy(new Error('timeout'));
        });
        // The server may refuse a body it will not read (413) and close the connection
        // while it is still being written: an answer, if not one this client could read.
        outgoing.on('error', () => resolve(timedOut ? null : { status: 0, code: null }));
        outgoing.end(body);
      }),
  };
}

function rawPost(path: string, body: string): string {
  const bytes = Buffer.from(body, 'latin1');
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n${body}`;
}

/** Requests only a raw socket can send: bytes that HTTP libraries refuse to write. */
const RAW_REQUESTS = [
  'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
  'GET /api/organization/config?key=a%00b HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/%zz HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/file-go-fastdfs/files/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n',
  `GET /api/health?${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  'GET http://evil.example/api/health HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/health HTTP/1.0\r\n\r\n',
  'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n',
  'POST /api/message-sms/messageData/page HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":1}',
  'POST /api/message-sms/messageData/page HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
  rawPost('/api/authorization-server/oauth/qrCode', '{"appId":"\u0000abc","timeStamp":1}'),
  rawPost('/api/authorization-server/oauth/qrCode', '{"appId":"abc\\u0000","timeStamp":1}'),
  'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=99999-\r\n\r\n',
  '\u0000\u0001\u0002\r\n\r\n',
];

/** Sends raw bytes and reads the status of the first answer line (0: the server closed without one). */
function sendRaw(port: number, bytes: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const finish = () => {
      socket.destroy();
      resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0));
    };
    socket.setTimeout(5_000, finish);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', () => socket.write(Buffer.from(bytes, 'latin1')));
  });
}

export async function fuzzServer(options: { seed: number; runs: number }) {
  const server = await startServer({
    port: ports.server(0),
    env: { DATA_DIR: ':memory:', TRUST_PROXY: 'true' },
  });
  try {
    const base = server.baseUrl;
    const document = (await (await fetch(`${base}/api/docs/json`)).json()) as OpenApiDocument;
    const { agent, send } = sendOverHttp(base);
    const report = await runFuzz({
      document,
      send,
      signIn: () => apiSignIn(base, 'admin', 'Admin@2026', ADMIN_ADDRESS),
      tokenAlive: async (token) => (await call(base, MENU_PATH, { token })).status !== 401,
      seed: options.seed,
      runs: options.runs,
      includeWeb: true,
      concurrency: 4,
      progress: (line) => process.stdout.write(`  ${line}\n`),
    });
    agent.destroy();

    const raw = await Promise.all(
      RAW_REQUESTS.map(async (bytes) => ({
        request: JSON.stringify(bytes.length > 120 ? `${bytes.slice(0, 120)}…` : bytes),
        status: await sendRaw(ports.server(0), bytes),
      })),
    );
    const rawServerErrors = raw.filter((r) => r.status >= 500);

    const health = await call(base, '/api/health');
    const token = await apiSignIn(base, 'admin', 'Admin@2026', ADMIN_ADDRESS);
    const signedIn = await call(base, MENU_PATH, { token });
    const alive = server.process.exitCode === null;

    const figures = {
      ...report,
      raw,
      healthAfter: health.status,
      signedInCallAfter: signedIn.status,
      serverProcessAlive: alive,
    };
    const checks: Check[] = [
      {
        requirement: 'no 5xx answer to anything a client can send (goal 0)',
        passed: report.serverErrors === 0 && rawServerErrors.length === 0,
        detail:
          `${report.serverErrors} of ${report.requests} requests, ${rawServerErrors.length} of ${raw.length} raw` +
          (report.serverErrorCases.length
            ? `: ${report.serverErrorCases
                .slice(0, 12)
                .map((e) => `${e.route} ${e.label} → ${e.status} ${e.code ?? ''} ×${e.count}`)
                .join('; ')}`
            : ''),
      },
      {
        requirement: 'every request answered within 10 s',
        passed: report.noAnswer === 0,
        detail: `${report.noAnswer} without an answer`,
      },
      {
        requirement: 'the server is healthy afterwards (health and a signed-in call answer 200)',
        passed: alive && health.status === 200 && signedIn.status === 200,
        detail: `health ${health.status}, signed-in call ${signedIn.status}, process ${alive ? 'running' : 'gone'}`,
      },
    ];
    return { figures, checks };
  } finally {
    await server.stop();
  }
}
