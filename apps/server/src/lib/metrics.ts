import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../db/client.js';

/** What the audit trail's repository reports: one record committed. */
export interface AuditMetrics {
  auditWritten(event: { action: string; outcome: string; reason?: string | null }): void;
}

/** What the session cache reports: a lookup answered from memory, or from the database. */
export interface SessionCacheMetrics {
  sessionLookup(result: 'hit' | 'miss'): void;
}

/** Counts nothing: commands and the seed, which no Prometheus reads. */
export const noMetrics: AuditMetrics & SessionCacheMetrics = {
  auditWritten: () => undefined,
  sessionLookup: () => undefined,
};

/** The trail's actions that are a sign-in attempt (password, SMS code, QR code). */
const SIGN_IN_ACTIONS = new Set(['auth.login', 'auth.sms.login', 'auth.qr.login']);

/** Seconds; from a cached read to the 10 s the web client waits at most. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics of one app instance, in a registry of its own (tests build many
 * apps in one process; the global registry would mix them). Served in
 * Prometheus text by the management port (`/metrics`, docs/deployment.md);
 * requests are measured by plugins/metrics.ts, the rest is read when scraped.
 */
export class AppMetrics implements AuditMetrics, SessionCacheMetrics {
  readonly registry = new Registry();
  private defaultsStarted = false;

  /** OpenTelemetry's name; the route pattern, never the raw URL (bounded labels). */
  readonly requestDuration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP requests on the public port, by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly requestsInFlight = new Gauge({
    name: 'http_server_active_requests',
    help: 'HTTP requests on the public port being answered now (open live-notification streams included)',
    labelNames: ['method'] as const,
    registers: [this.registry],
  });

  private readonly signIns = new Counter({
    name: 'cityops_sign_ins_total',
    help: 'Sign-in attempts (password, SMS code, QR code) by outcome and reason, as the audit trail records them',
    labelNames: ['outcome', 'reason'] as const,
    registers: [this.registry],
  });

  private readonly auditRecords = new Counter({
    name: 'cityops_audit_records_written_total',
    help: 'Audit trail records committed by this instance, by action and outcome',
    labelNames: ['action', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly sessionLookups = new Counter({
    name: 'cityops_session_cache_lookups_total',
    help: 'Session lookups, answered from memory (hit) or from the database (miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Every series exists from the start, so a rate() has a zero to start from.
    for (const result of ['hit', 'miss'] as const) this.sessionLookups.inc({ result }, 0);
    this.signIns.inc({ outcome: 'success', reason: 'none' }, 0);
  }

  auditWritten(event: { action: string; outcome: string; reason?: string | null }): void {
    this.auditRecords.inc({ action: event.action, outcome: event.outcome });
    if (SIGN_IN_ACTIONS.has(event.action)) {
      this.signIns.inc({ outcome: event.outcome, reason: event.reason ?? 'none' });
    }
  }

  sessionLookup(result: 'hit' | 'miss'): void {
    this.sessionLookups.inc({ result });
  }

  /** Gauges read when Prometheus scrapes: the database pool and the live-notification streams. */
  observe(sources: { pool: () => PoolStats; notificationStreams: () => number }): void {
    new Gauge({
      name: 'cityops_db_pool_connections',
      help: 'Database connections by state (PostgreSQL pool; PGlite is one connection and reports only max)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = sources.pool();
        this.set({ state: 'max' }, stats.max);
        if (stats.total !== null) this.set({ state: 'open' }, stats.total);
        if (stats.idle !== null) this.set({ state: 'idle' }, stats.idle);
        if (stats.total !== null && stats.idle !== null) {
          this.set({ state: 'in_use' }, stats.total - stats.idle);
        }
      },
    });
    new Gauge({
      name: 'cityops_db_pool_waiting_requests',
      help: 'Queries waiting for a free database connection (PostgreSQL pool)',
      registers: [this.registry],
      collect() {
        const waiting = sources.pool().waiting;
        if (waiting !== null) this.set(waiting);
      },
    });
    new Gauge({
      name: 'cityops_notification_streams',
      help: 'Live notification connections (server-sent events) open on this instance',
      registers: [this.registry],
      collect() {
        this.set(sources.notificationStreams());
      },
    });
  }

  /**
   * Process memory, CPU, event-loop delay, handles and GC (prom-client's default
   * collectors), started once the management port exists: each start adds an
   * event-loop monitor that lives as long as the process.
   */
  startDefaultCollectors(): void {
    if (this.defaultsStarted) return;
    this.defaultsStarted = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** The exposition text, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
