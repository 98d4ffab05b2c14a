/**
 * The scale mode's plans: the server's own repositories (apps/server/dist) are
 * run once on the scale database with every statement they send recorded, then
 * each recorded statement is run again under EXPLAIN (ANALYZE, BUFFERS) with its
 * parameters. So the plans are of the SQL the requests really send, not of a
 * copy. Prepared statements are explained with their generic plan (what a
 * pooled connection settles on after five runs).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
// pg's own conversion of a parameter to its text (arrays, dates), for the EXECUTE literals.
import { prepareValue } from 'pg/lib/utils.js';
import { type Database, openDatabase } from '../../apps/server/dist/db/client.js';
import { AuditRepository } from '../../apps/server/dist/modules/audit/audit.repository.js';
import { SessionRepository } from '../../apps/server/dist/modules/auth/session.repository.js';
import { noRememberedSessions } from '../../apps/server/dist/modules/auth/session-cache.js';
import { BusinessGuideRepository } from '../../apps/server/dist/modules/business-guide/business-guide.repository.js';
import { keywordQuery } from '../../apps/server/dist/modules/business-guide/search-terms.js';
import { GisRepository } from '../../apps/server/dist/modules/gis/gis.repository.js';
import { MenuRepository } from '../../apps/server/dist/modules/menus/menu.repository.js';
import { NotificationRepository } from '../../apps/server/dist/modules/notifications/notification.repository.js';

interface Recorded {
  text: string;
  values: unknown[];
  prepared: boolean;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

export interface StatementPlan {
  sql: string;
  generic: boolean;
  /** Rows the statement answers. */
  rowsReturned: number;
  /**
   * Rows the table and index scans produced or threw away, summed over the plan
   * (a bitmap's index entries are counted in `bitmapEntries`, not here).
   */
  rowsScanned: number;
  /** Entries the bitmap index scans found (the index walk of a bitmap heap scan). */
  bitmapEntries: number;
  /** Rows read by each scan: relation, index, rows (actual x loops) and rows removed. */
  scans: { node: string; relation: string; index?: string; rows: number; removed: number }[];
  sharedBlocks: number;
  executionMs: number;
  /** The text plan, as EXPLAIN prints it. */
  plan: string[];
}

export interface RequestPlans {
  request: string;
  statements: StatementPlan[];
}

const SCAN = /Scan$/;

function scansOf(node: PlanNode, into: StatementPlan['scans']): void {
  if (
    SCAN.test(node['Node Type']) &&
    node['Node Type'] !== 'Subquery Scan' &&
    node['Node Type'] !== 'CTE Scan' &&
    node['Node Type'] !== 'Function Scan'
  ) {
    into.push({
      node: node['Node Type'],
      relation: node['Relation Name'] ?? '',
      ...(node['Index Name'] ? { index: node['Index Name'] } : {}),
      rows: node['Actual Rows'] * node['Actual Loops'],
      removed:
        ((node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops'],
    });
  }
  for (const child of node.Plans ?? []) scansOf(child, into);
}

/** Runs `work` with every statement the pg driver sends recorded. */
async function record(work: () => Promise<unknown>): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  const original = pg.Client.prototype.query;
  // pg's query has many overloads; the wrapper passes every call through unchanged.
  const wrapper = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    if (typeof config === 'string') {
      recorded.push({ text: config, values: Array.isArray(values) ? values : [], prepared: false });
    } else if (config && typeof config === 'object' && 'text' in config) {
      const query = config as { text: string; values?: unknown[]; name?: string };
      recorded.push({
        text: query.text,
        values: query.values ?? (Array.isArray(values) ? values : []),
        prepared: Boolean(query.name),
      });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = wrapper as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return recorded;
}

async function explain(client: pg.Client, statement: Recorded): Promise<StatementPlan> {
  let run: (format: 'json' | 'text') => Promise<pg.QueryResult>;
  if (statement.prepared) {
    // The generic plan, as a pooled connection settles on after five runs:
    // PREPARE with the same text, EXECUTE with the values as literals.
    await client.query('deallocate all');
    await client.query(`set plan_cache_mode = force_generic_plan`);
    await client.query(`prepare explained as ${statement.text}`);
    const literals = statement.values.map((value) =>
      value === null || value === undefined
        ? 'null'
        : client.escapeLiteral(String(prepareValue(value))),
    );
    const execute = `execute explained${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
    run = (format) => client.query(`explain (analyze, buffers, format ${format}) ${execute}`);
  } else {
    await client.query(`set plan_cache_mode = auto`);
    run = (format) =>
      client.query(
        `explain (analyze, buffers, format ${format}) ${statement.text}`,
        statement.values,
      );
  }
  const json = (await run('json')).rows[0]['QUERY PLAN'][0] as {
    Plan: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
    'Execution Time': number;
  };
  const text = (await run('text')).rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
  const scans: StatementPlan['scans'] = [];
  scansOf(json.Plan, scans);
  return {
    sql: statement.text.replace(/\s+/g, ' ').trim(),
    generic: statement.prepared,
    rowsReturned: json.Plan['Actual Rows'] * json.Plan['Actual Loops'],
    rowsScanned: scans
      .filter((scan) => scan.node !== 'Bitmap Index Scan')
      .reduce((sum, scan) => sum + scan.rows + scan.removed, 0),
    bitmapEntries: scans
      .filter((scan) => scan.node === 'Bitmap Index Scan')
      .reduce((sum, scan) => sum + scan.rows, 0),
    scans,
    sharedBlocks: (json.Plan['Shared Hit Blocks'] ?? 0) + (json.Plan['Shared Read Blocks'] ?? 0),
    executionMs: Math.round(json['Execution Time'] * 1000) / 1000,
    plan: text,
  };
}

export interface PlanInputs {
  /** The benchmark account's bearer token. */
  token: string;
  userId: number;
  /** A message of the account that is already read (what the unread-count call marks). */
  readMessageId: number;
  keywords: { zh: string; en: string };
  viewport: { bbox: [number, number, number, number]; layerId: number };
  /** A login name for the trail's actor filter. */
  auditActor: string;
  /** A time range for the trail's time filter. */
  auditWeek: { from: string; to: string };
}

/** Each benchmarked request's statements, recorded and explained on `databaseUrl`. */
export async function explainRequests(
  databaseUrl: string,
  inputs: PlanInputs,
): Promise<RequestPlans[]> {
  const database: Database = await openDatabase({ databaseUrl, dataDir: ':memory:', poolSize: 1 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const db = database.db;
    // Reads only: there are no remembered sessions to tell.
    const sessions = new SessionRepository(db, noRememberedSessions);
    const notifications = new NotificationRepository(db);
    const menus = new MenuRepository(db, noRememberedSessions);
    const guide = new BusinessGuideRepository(db);
    const gis = new GisRepository(db);
    const audit = new AuditRepository(db);
    const tokenHash = createHash('sha256').update(inputs.token, 'utf8').digest('hex');
    const session = () => sessions.findLive(tokenHash, new Date());
    const search = (keyword: string, language: 'zh-CN' | 'en') =>
      guide.search({
        statuses: ['draft', 'published', 'withdrawn'],
        categoryId: undefined,
        language,
        ...keywordQuery(keyword),
        sortBy: 'publishDate',
        sortOrder: 'desc',
        limit: 10,
        offset: 0,
      });
    // What each request sends after its session lookup (the same for all of them).
    const requests: [string, () => Promise<unknown>][] = [
      ['session lookup (every request without a remembered session)', session],
      [
        'message page (first page: when not remembered; second page: always)',
        async () => {
          await notifications.countFor(inputs.userId, false);
          await notifications.pageFor(inputs.userId, false, 0, 10);
          await notifications.pageFor(inputs.userId, false, 10, 10);
        },
      ],
      [
        'unread count (updateRead of a read message)',
        async () => {
          await notifications.markRead(inputs.userId, inputs.readMessageId, new Date());
          await notifications.countFor(inputs.userId, false);
        },
      ],
      ['menu', () => menus.findAll()],
      [
        `article search, Chinese (${inputs.keywords.zh})`,
        () => search(inputs.keywords.zh, 'zh-CN'),
      ],
      [`article search, English (${inputs.keywords.en})`, () => search(inputs.keywords.en, 'en')],
      ['street-level map viewport', () => gis.queryJson({ ...inputs.viewport, limit: 20_000 })],
      // The page only: the record each read appends is an insert through the trigger.
      ['audit trail, newest 50', () => audit.page({}, undefined, 51)],
      [
        'audit trail, failed sign-ins',
        () => audit.page({ action: 'auth.login', outcome: 'failure' }, undefined, 51),
      ],
      ['audit trail, a week a month ago', () => audit.page(inputs.auditWeek, undefined, 51)],
      [
        `audit trail, one user (${inputs.auditActor})`,
        () => audit.page({ actor: inputs.auditActor }, undefined, 51),
      ],
    ];
    const results: RequestPlans[] = [];
    for (const [request, work] of requests) {
      const statements = await record(work);
      const plans: StatementPlan[] = [];
      for (const statement of statements) plans.push(await explain(client, statement));
      results.push({ request, statements: plans });
    }
    return results;
  } finally {
    await client.end();
    await database.close();
  }
}
