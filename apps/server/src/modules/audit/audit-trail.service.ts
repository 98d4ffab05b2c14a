import {
  AUDIT_ACTION_NAMES,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_OUTCOME_NAMES,
  type AuditAction,
  type AuditActorPage,
  type AuditActorsQuery,
  type AuditFilter,
  type AuditHashAlgorithm,
  type AuditOutcome,
  type AuditRecordDetail,
  type AuditPage,
  type AuditProblem,
  type AuditRecord,
  type AuditVerification,
  ErrorCode,
  type Language,
  AUDIT_CHANGES_HEADING,
  type AuditNames,
  auditChangeText,
  auditReasonName,
  auditReferences,
  auditTargetText,
  escapeSpreadsheetText,
  formatMessage,
} from '@cityops/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { CryptoProfile } from '../../config.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { writeSheet } from '../../lib/sheet-writer.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Repositories } from '../../repositories.js';
import { TIME_ZONE_KEY, timeZoneOf } from '../settings/time-zone.js';
import { AuditRecorder } from './audit-writer.js';
import type { AuditReferences, AuditRepository, AuditRow } from './audit.repository.js';

/** The chain's hash under each CRYPTO_PROFILE (docs/cryptography.md): SM3 under the 国密 one. */
export function chainAlgorithmOf(profile: CryptoProfile): AuditHashAlgorithm {
  return profile === 'gm' ? 'SM3' : 'SHA-256';
}

/** Who records a change of the chain's hash: the server at start, not a person. */
const PROFILE_SOURCE = {
  actorId: null,
  actorName: null,
  session: null,
  ipAddress: null,
  userAgent: 'server start',
};

dayjs.extend(utc);
dayjs.extend(timezone);

/** How many links one statement of the verification recomputes. */
const VERIFY_BATCH = 5_000;

/** How far a verification has got, told after each statement of it. */
export interface VerifyProgress {
  /** Where this walk started: the record after it is the first it checks. */
  fromSeq: number;
  /** The last record it will check. */
  throughSeq: number;
  /** Records checked so far. */
  checked: number;
  /** Whether it resumed from the stored checkpoint. */
  resumed: boolean;
}

export interface VerifyOptions {
  /**
   * Start from the stored checkpoint (`audit_verify_checkpoint`) when it lies past the
   * last archive's end, instead of from that end: the records up to it were found
   * whole when it was stored. The record it names must still give and carry its hash.
   */
  resume?: boolean;
  /** Store each stretch found whole as the checkpoint, so a later run can resume. */
  saveCheckpoints?: boolean;
  onProgress?: (progress: VerifyProgress) => void;
}

export interface AuditTrailServiceOptions {
  audit: AuditRepository;
  clock: Clock;
  /** Where the city's time zone is kept (settings, group general). */
  settings: Pick<Repositories['settings'], 'get'>;
}

/**
 * The trail as the auditor reads it: pages, one record, the actors, the export and
 * the chain's verification. Writing events is audit-writer.ts. Each read of records
 * first has the changes' records committed before it chained (audit-chainer.ts).
 */
export class AuditTrailService {
  /** The auditor's own views and exports are events on the trail too. */
  private readonly recorder: AuditRecorder;

  constructor(private readonly options: AuditTrailServiceOptions) {
    this.recorder = new AuditRecorder(options);
  }

  async page(
    auth: AuthContext,
    query: AuditFilter & { before?: number | undefined; pageSize: number },
  ): Promise<AuditPage> {
    const { before, pageSize, ...filter } = query;
    await this.options.audit.chainWaiting();
    const rows = await this.options.audit.page(filter, before, pageSize + 1);
    await this.recorder.recordViewBy(auth, {
      action: 'audit.view',
      outcome: 'success',
      target: { kind: 'audit', id: 'list' },
      after: { ...filter, ...(before === undefined ? {} : { before }) },
    });
    const shown = rows.slice(0, pageSize);
    const names = await this.options.audit.actorNames(actorIdsOf(shown));
    const list = shown.map((row) => toAuditRecord(row, names));
    return {
      list,
      nextBefore: rows.length > pageSize ? (list.at(-1)?.seq ?? null) : null,
      timeZone: await this.timeZone(),
    };
  }

  /** One record, with the names of the ids its before and after carry, in `language`. */
  async read(auth: AuthContext, seq: number, language: Language): Promise<AuditRecordDetail> {
    await this.options.audit.chainWaiting();
    const row = await this.options.audit.find(seq);
    if (!row) throw notFound();
    await this.recorder.recordViewBy(auth, {
      action: 'audit.view',
      outcome: 'success',
      target: { kind: 'audit', id: seq },
    });
    const [actors, names, timeZone] = await Promise.all([
      this.options.audit.actorNames(actorIdsOf([row])),
      this.options.audit.names(referencesOf(row), language),
      this.timeZone(),
    ]);
    return { ...toAuditRecord(row, actors), names, timeZone };
  }

  /**
   * The 操作人 picker: accounts by the start of their login name or name, a page at a
   * time, with nothing but their id, login name and name. A lookup that changes
   * nothing and shows no record, so it is not itself recorded.
   */
  async actors(query: AuditActorsQuery): Promise<AuditActorPage> {
    const { page, pageSize } = query;
    const rows = await this.options.audit.actors(
      query.keyword?.trim() ?? '',
      (page - 1) * pageSize,
      pageSize + 1,
    );
    return { list: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
  }

  /** The city's time zone (settings, 基本设置), Asia/Shanghai until one is saved. */
  async timeZone(): Promise<string> {
    return timeZoneOf(await this.options.settings.get(TIME_ZONE_KEY));
  }

  /** The filtered records, oldest first, as an Excel workbook or CSV; the export is recorded. */
  async export(
    auth: AuthContext,
    filter: AuditFilter,
    format: 'xlsx' | 'csv',
    language: Language,
  ): Promise<Buffer> {
    const rows: AuditRow[] = [];
    let after = 0;
    await this.options.audit.chainWaiting();
    for (;;) {
      const batch = await this.options.audit.slice(filter, after, 5_000);
      rows.push(...batch);
      if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
        throw new AppError(ErrorCode.VALIDATION, {
          messageKey: 'system.audit.tooMany',
          values: { max: AUDIT_EXPORT_MAX_ROWS },
        });
      }
      if (batch.length < 5_000) break;
      after = batch.at(-1)?.seq ?? after;
    }
    await this.recorder.recordBy(auth, {
      action: 'audit.export',
      outcome: 'success',
      target: { kind: 'audit', id: format },
      after: { ...filter, format, records: rows.length },
    });
    const [actors, names] = await Promise.all([
      this.options.audit.actorNames(actorIdsOf(rows)),
      // One read per kind for the whole file, as for one record's detail.
      this.options.audit.names(mergedReferences(rows.map(referencesOf)), language),
    ]);
    return writeAuditSheet(rows, actors, {
      format,
      language,
      names,
      timeZone: await this.timeZone(),
    });
  }

  /**
   * Walks the chain from where the last archive ends to the newest record: each
   * record's hash must be what its content gives, its `prevHash` the hash before
   * it, its number one more than the last; and the head the insert trigger keeps
   * must name the chain's last record. The first record that fails is named.
   */
  async verify(auth?: AuthContext, options: VerifyOptions = {}): Promise<AuditVerification> {
    const result = await this.check(options);
    if (auth) {
      await this.recorder.recordBy(auth, {
        action: 'audit.verify',
        outcome: result.holds ? 'success' : 'failure',
        reason: result.problem,
        target: { kind: 'audit', id: 'chain' },
        after: { checked: result.checked, brokenAt: result.brokenAt },
      });
    }
    return result;
  }

  /**
   * Makes the trail's missing monthly partitions, this month's and the next three
   * (drizzle/0032): at start and on the purge schedule. A record of a month without
   * one goes to the default partition, so a failure here fails no request.
   */
  async prepareMonths(): Promise<number> {
    return this.options.audit.prepareMonths();
  }

  /**
   * Has the chain's new records hashed as CRYPTO_PROFILE says (SM3 under `gm`): when the
   * head names another hash, one `audit.algorithm` record changes it, itself hashed with
   * the new one (the insert trigger reads it), so the change stands on the trail and the
   * records before it verify with the hash they were written with.
   */
  async followProfile(profile: CryptoProfile): Promise<void> {
    const wanted = chainAlgorithmOf(profile);
    const current = await this.options.audit.algorithm();
    if (current === wanted) return;
    await this.options.audit.append(this.options.clock.now(), PROFILE_SOURCE, {
      action: 'audit.algorithm',
      outcome: 'success',
      target: { kind: 'audit', id: 'chain' },
      before: { algorithm: current },
      after: { algorithm: wanted },
    });
    // Chained before anything else is: the records after it take the new hash.
    await this.options.audit.chainWaiting();
  }

  private async check(options: VerifyOptions): Promise<AuditVerification> {
    const { audit, clock } = this.options;
    await audit.chainWaiting();
    // Read together, so records written during the walk neither count nor move the head.
    const { head, last, archive, algorithm, waiting } = await audit.ends();
    let expectedSeq = (archive?.seq ?? 0) + 1;
    let previousHash = archive?.hash ?? '';
    let checked = 0;
    let firstSeq: number | null = null;
    const broken = (seq: number, problem: AuditProblem): AuditVerification => ({
      holds: false,
      algorithm,
      checked,
      brokenAt: seq,
      problem,
      firstSeq,
      lastSeq: seq,
      archivedThrough: archive?.seq ?? null,
      waiting,
      verifiedAt: clock.now().toISOString(),
    });
    const throughSeq = last?.seq ?? 0;
    let resumed = false;
    // Where the stretch the checkpoint will vouch for starts: a resumed walk continues one.
    let walkFrom = expectedSeq;
    if (options.resume) {
      const checkpoint = await audit.checkpoint();
      if (checkpoint && checkpoint.seq >= expectedSeq) {
        // Records gone from the end since it was stored (and the head moved back with them).
        if (checkpoint.seq > Math.max(throughSeq, expectedSeq - 1)) {
          return broken(Math.max(throughSeq, expectedSeq - 1) + 1, 'gap');
        }
        // The record it names is checked again: changed, or its hash rewritten, since.
        const [link] = await audit.links(checkpoint.seq - 1, checkpoint.seq, 1);
        if (!link || link.seq !== checkpoint.seq) return broken(checkpoint.seq, 'gap');
        if (link.expected !== link.hash || link.hash !== checkpoint.hash) {
          return broken(checkpoint.seq, 'content');
        }
        expectedSeq = checkpoint.seq + 1;
        previousHash = checkpoint.hash;
        walkFrom = checkpoint.fromSeq;
        resumed = true;
      }
    }
    const fromSeq = expectedSeq - 1;
    const progress = () => options.onProgress?.({ fromSeq, throughSeq, checked, resumed });
    progress();
    for (;;) {
      const links = await audit.links(expectedSeq - 1, throughSeq, VERIFY_BATCH);
      for (const link of links) {
        firstSeq ??= link.seq;
        if (link.seq !== expectedSeq) return broken(expectedSeq, 'gap');
        if (link.expected !== link.hash) return broken(link.seq, 'content');
        if (link.prevHash !== previousHash) return broken(link.seq, 'link');
        checked += 1;
        expectedSeq += 1;
        previousHash = link.hash;
      }
      if (options.saveCheckpoints && links.length > 0) {
        await audit.saveCheckpoint({
          fromSeq: walkFrom,
          seq: expectedSeq - 1,
          hash: previousHash,
          verifiedAt: clock.now(),
        });
      }
      progress();
      if (links.length < VERIFY_BATCH) break;
    }
    const end = expectedSeq - 1;
    // Records removed from the end leave the head pointing past the last one.
    if (head && head.seq > end) return broken(end + 1, 'gap');
    // A head behind the last record, or with another hash, was moved by hand.
    if (!head || head.seq !== end || head.hash !== previousHash) return broken(end, 'head');
    return {
      holds: true,
      algorithm,
      checked,
      brokenAt: null,
      problem: null,
      firstSeq,
      lastSeq: checked ? end : null,
      archivedThrough: archive?.seq ?? null,
      waiting,
      verifiedAt: clock.now().toISOString(),
    };
  }
}

/** The distinct accounts behind some records. */
function actorIdsOf(rows: readonly AuditRow[]): number[] {
  return [...new Set(rows.flatMap((row) => (row.actorId === null ? [] : [row.actorId])))];
}

/**
 * The ids a record's before and after carry, by kind, as its action's fields declare
 * them (contract `auditReferences`): a user's unit, department and roles, a role's units
 * and menu entries, a menu entry's subsystem, a logout's user, an article's category ...
 */
export function referencesOf(row: Pick<AuditRow, 'action' | 'before' | 'after'>): AuditReferences {
  const found = auditReferences({
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
  });
  const numbers = (ids: string[]) =>
    ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  return {
    roles: found.roles,
    units: numbers(found.units),
    departments: numbers(found.departments),
    entries: numbers(found.entries),
    subsystems: numbers(found.subsystems),
    users: numbers(found.users),
    categories: numbers(found.categories),
    layers: numbers(found.layers),
  };
}

function mergedReferences(all: AuditReferences[]): AuditReferences {
  const merged = (pick: (one: AuditReferences) => (string | number)[]) => [
    ...new Set(all.flatMap(pick)),
  ];
  return {
    roles: merged((one) => one.roles) as string[],
    units: merged((one) => one.units) as number[],
    departments: merged((one) => one.departments) as number[],
    entries: merged((one) => one.entries) as number[],
    subsystems: merged((one) => one.subsystems) as number[],
    users: merged((one) => one.users) as number[],
    categories: merged((one) => one.categories) as number[],
    layers: merged((one) => one.layers) as number[],
  };
}

export function toAuditRecord(
  row: AuditRow,
  actorNames: ReadonlyMap<number, string> = new Map(),
): AuditRecord {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    actorFullName: row.actorId === null ? null : (actorNames.get(row.actorId) ?? null),
    actorUnit: row.actorUnit,
    session: row.session,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    action: row.action,
    targetKind: row.targetKind,
    targetId: row.targetId,
    targetName: row.targetName,
    outcome: row.outcome as AuditRecord['outcome'],
    reason: row.reason,
    before: row.before ?? null,
    after: row.after ?? null,
    hash: row.hash,
  };
}

const SHEET_COLUMNS = [
  'seq',
  'at',
  'actor',
  'name',
  'unit',
  'session',
  'ip',
  'userAgent',
  'action',
  'actionCode',
  'target',
  'outcome',
  'outcomeCode',
  'reason',
  'reasonCode',
  'changes',
  'before',
  'after',
  'hash',
] as const;

/** How Excel shows the time column: a real date, to the second. */
const SHEET_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * The records as a sheet in the reader's language, actions, outcomes and reasons in
 * words beside their codes, the changes in words beside the stored before and after
 * (issue 31), times in the city's zone: in .xlsx a date cell (Excel
 * dates have no zone, so the cell holds the zone's wall time), in .csv that time as text.
 */
async function writeAuditSheet(
  rows: AuditRow[],
  actorNames: ReadonlyMap<number, string>,
  options: { format: 'xlsx' | 'csv'; language: Language; names: AuditNames; timeZone: string },
): Promise<Buffer> {
  const { format, language, names, timeZone } = options;
  const time = (iso: string) => dayjs(iso).tz(timeZone).format('YYYY-MM-DD HH:mm:ss');
  function* lines() {
    for (const row of rows) {
      const local = dayjs(row.at).tz(timeZone);
      const text = [
        String(row.seq),
        row.actorName ?? '',
        row.actorId === null ? '' : (actorNames.get(row.actorId) ?? ''),
        row.actorUnit ?? '',
        row.session ?? '',
        row.ipAddress ?? '',
        row.userAgent ?? '',
        AUDIT_ACTION_NAMES[language][row.action as AuditAction] ?? row.action,
        row.action,
        auditTargetText(language, row),
        AUDIT_OUTCOME_NAMES[language][row.outcome as AuditOutcome] ?? row.outcome,
        row.outcome,
        auditReasonName(language, row.reason),
        row.reason ?? '',
        auditChangeText(
          language,
          { action: row.action, before: row.before ?? null, after: row.after ?? null },
          { names, time },
        ),
        row.before ? JSON.stringify(row.before) : '',
        row.after ? JSON.stringify(row.after) : '',
        row.hash,
      ].map(escapeSpreadsheetText);
      const at =
        format === 'xlsx'
          ? // The wall time read as UTC: Excel's serial date counts from a zone-less epoch.
            dayjs.utc(local.format('YYYY-MM-DDTHH:mm:ss.SSS')).toDate()
          : local.format('YYYY-MM-DD HH:mm:ss');
      yield [text[0]!, at, ...text.slice(1)];
    }
  }
  return writeSheet({
    format,
    sheetName: formatMessage(language, 'system.audit.sheet'),
    columns: SHEET_COLUMNS.map((column) => ({
      width: column === 'at' ? 20 : 18,
      numFmt: column === 'at' && format === 'xlsx' ? SHEET_TIME_FORMAT : '@',
    })),
    header: SHEET_COLUMNS.map((column) =>
      column === 'changes'
        ? AUDIT_CHANGES_HEADING[language]
        : formatMessage(language, `system.audit.column.${column}`, { zone: timeZone }),
    ),
    rows: lines(),
  });
}
