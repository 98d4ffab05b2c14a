/**
 * The scale mode's data (issue 14, item 3; issue 33 item 4): a city's or a
 * megacity's worth added to a database the server has already migrated and
 * seeded with its demo, in set-based SQL (generate_series, in batches with
 * progress), so that millions of rows take minutes on a small machine:
 *
 * - units (district units with units under each) of two departments each, and
 *   the accounts spread over them, each with a mobile number sealed beside its
 *   blind index as the server seals it (issue 30; `sealMobile`);
 * - messages and their deliveries (message_recipients): about 100 per account,
 *   and the benchmark account (admin) receives every fourth message, the newest
 *   300 of them unread;
 * - 100,000 guidance articles, half Chinese and half English, titled by district
 *   and service with shared boilerplate paragraphs, their search terms computed
 *   by the server's own `documentTerms`;
 * - 1,000,000 map features over the city's extent: points, polygons and lines in
 *   the three editable layers;
 * - the audit trail (sign-ins, failures, sign-outs of the scale accounts over 90
 *   days), inserted through the trail's own chaining trigger with every index in
 *   place, as the server's writes are.
 *
 * Other secondary indexes are dropped before the bulk inserts and built again after
 * (one sorted build instead of millions of random insertions), foreign-key
 * triggers are off for the session (the rows are consistent by construction)
 * except for the audit trail, and the tables are vacuumed and analysed at the end
 * as autovacuum would.
 */
import {
  documentTerms,
  normaliseText,
} from '../../apps/server/dist/modules/business-guide/search-terms.js';
import type { SealedMobile } from './scale-keys.js';

export interface ScaleSize {
  /** Top-level units; each has `unitsPerDistrict` units under it. */
  districts: number;
  unitsPerDistrict: number;
  departmentsPerUnit: number;
  users: number;
  messages: number;
  recipientsPerMessage: number;
  /** The benchmark account receives every n-th message. */
  adminEvery: number;
  /** ...and has not read those among the newest this many messages. */
  adminUnreadWindow: number;
  articles: number;
  features: number;
  /** In the audit trail (issue 13), chained by its insert trigger. */
  auditRecords: number;
}

export const SIZES = {
  /** Issue 14's city: 12 + 288 = 300 units, 20,000 accounts, 2,000,000 deliveries. */
  city: {
    districts: 12,
    unitsPerDistrict: 24,
    departmentsPerUnit: 2,
    users: 20_000,
    messages: 10_000,
    recipientsPerMessage: 200,
    adminEvery: 4,
    adminUnreadWindow: 1_200,
    articles: 100_000,
    features: 1_000_000,
    auditRecords: 1_000_000,
  },
  /** Issue 33's megacity: 12 + 1,440 = 1,452 units, 100,000 accounts, 10,000,000 deliveries. */
  megacity: {
    districts: 12,
    unitsPerDistrict: 120,
    departmentsPerUnit: 2,
    users: 100_000,
    messages: 50_000,
    recipientsPerMessage: 200,
    adminEvery: 4,
    adminUnreadWindow: 1_200,
    articles: 100_000,
    features: 1_000_000,
    auditRecords: 10_000_000,
  },
} as const satisfies Record<string, ScaleSize>;

export type SizeName = keyof typeof SIZES;

/** A size with its growing counts multiplied by `factor` (a small run to check the bench). */
export function scaledSize(size: ScaleSize, factor: number): ScaleSize {
  const times = (count: number) => Math.max(1, Math.round(count * factor));
  const users = times(size.users);
  return {
    ...size,
    unitsPerDistrict: times(size.unitsPerDistrict),
    users,
    messages: times(size.messages),
    recipientsPerMessage: Math.min(size.recipientsPerMessage, users),
    articles: times(size.articles),
    features: times(size.features),
    auditRecords: times(size.auditRecords),
  };
}

/** A scale account's login name: `scale` and its number, zero-padded to the largest's width. */
export function scaleLogin(size: ScaleSize, number: number): string {
  return `scale${String(number).padStart(String(size.users).length, '0')}`;
}

/**
 * Names as a city's are: a surname and a given name of two characters. One given
 * name in 900 is 建国, the users keyword of the bench (about 110 of 100,000).
 */
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹';
const GIVEN = '建国伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华文辉力';
export const USER_NAME_KEYWORD = '建国';

function userName(number: number): string {
  return (
    SURNAMES[number % SURNAMES.length]! +
    GIVEN[(number * 7) % GIVEN.length]! +
    GIVEN[Math.floor(number / GIVEN.length) % GIVEN.length]!
  );
}

/**
 * A mobile number of the scale account `number`: a mainland operator's prefix (none
 * that the demo's accounts use) and eight digits, distinct for every account (7,919
 * is prime to 10^8, so the digits are a permutation).
 */
const PREFIXES = ['135', '150', '151', '152', '157', '182', '183', '187', '188', '198'];
export function scaleMobile(number: number): string {
  return (
    PREFIXES[number % PREFIXES.length]! +
    String((number * 7_919 + 2_026) % 100_000_000).padStart(8, '0')
  );
}

/** The city's extent (the demo's district grid, seed/gis.ts). */
export const CITY_EXTENT = [114.12, 30.46, 114.5, 30.71] as const;

const DISTRICTS: [string, string][] = [
  ['江岸区', 'Jiangan district'],
  ['江汉区', 'Jianghan district'],
  ['硚口区', 'Qiaokou district'],
  ['汉阳区', 'Hanyang district'],
  ['武昌区', 'Wuchang district'],
  ['青山区', 'Qingshan district'],
  ['洪山区', 'Hongshan district'],
  ['东西湖区', 'Dongxihu district'],
  ['汉南区', 'Hannan district'],
  ['蔡甸区', 'Caidian district'],
  ['江夏区', 'Jiangxia district'],
  ['黄陂区', 'Huangpi district'],
];

const SERVICES: [string, string][] = [
  ['营业执照办理', 'business licence application'],
  ['户外广告设置许可', 'outdoor advertising permit'],
  ['占道施工审批', 'roadwork occupation approval'],
  ['渣土运输核准', 'spoil transport authorisation'],
  ['城市道路挖掘许可', 'street excavation permit'],
  ['建筑垃圾处置', 'construction waste disposal'],
  ['门前三包责任', 'frontage responsibility scheme'],
  ['生活垃圾分类', 'household waste sorting'],
  ['共享单车停放', 'shared bicycle parking'],
  ['夜市摊点管理', 'night market stall management'],
  ['临时占道经营', 'temporary street trading'],
  ['店招标牌设置', 'shop sign installation'],
  ['绿地占用审批', 'green space occupation approval'],
  ['树木迁移许可', 'tree relocation permit'],
  ['市政设施维护', 'municipal facility maintenance'],
  ['窨井盖管理', 'manhole cover management'],
  ['路灯报修', 'street light repair'],
  ['防汛排涝', 'flood drainage'],
  ['除雪防冻', 'snow clearing'],
  ['环境卫生检查', 'sanitation inspection'],
  ['餐饮油烟治理', 'restaurant fume control'],
  ['噪声污染投诉', 'noise complaint handling'],
  ['违法建设查处', 'illegal construction enforcement'],
  ['户外经营备案', 'outdoor business registration'],
  ['公厕管理', 'public toilet management'],
  ['垃圾转运站管理', 'waste transfer station management'],
  ['道路清扫保洁', 'street sweeping standards'],
  ['洒水作业安排', 'street watering schedule'],
  ['停车泊位设置', 'parking bay allocation'],
  ['非机动车管理', 'non-motor vehicle management'],
  ['工地围挡规范', 'construction hoarding rules'],
  ['广告牌安全检测', 'billboard safety inspection'],
  ['城管执法程序', 'enforcement procedure'],
  ['行政处罚听证', 'penalty hearing'],
  ['执法文书送达', 'enforcement notice service'],
  ['信访投诉处理', 'petition handling'],
  ['网格化巡查', 'grid patrol'],
  ['数字城管案件', 'digital city case handling'],
  ['应急抢险保障', 'emergency repair support'],
  ['志愿服务登记', 'volunteer registration'],
];

const FILLERS: [string, string][] = [
  ['依据相关法律法规制定本指南', 'This guide follows the applicable laws and regulations'],
  ['申请人应当提交以下材料', 'Applicants submit the following documents'],
  ['办理时限为二十个工作日', 'The time limit is twenty working days'],
  ['受理窗口设在政务服务中心', 'Applications are received at the service centre'],
  ['材料不齐全的一次性告知', 'Missing documents are listed in one notice'],
  ['办理结果通过短信通知', 'The result is sent by text message'],
  ['本事项不收取任何费用', 'No fee is charged for this service'],
  ['申请人可以网上预约', 'Applicants may book an appointment online'],
  ['现场核查由街道组织', 'The site check is organised by the subdistrict'],
  ['逾期未办理的视为放弃', 'An application not completed in time lapses'],
  ['对决定不服的可以申请复议', 'A decision may be appealed for review'],
  ['执法人员应当出示证件', 'Officers show their identification'],
  ['相关表格可在官网下载', 'Forms can be downloaded from the website'],
  ['咨询电话工作日全天开通', 'The enquiry line is open on working days'],
  ['本指南自发布之日起施行', 'This guide takes effect on publication'],
  ['各单位应当加强监督检查', 'Every unit strengthens its supervision'],
  ['涉及多个部门的联合办理', 'Matters of several departments are handled jointly'],
  ['紧急情况可以先行处置', 'Emergencies may be handled first'],
  ['资料归档保存三年', 'Records are kept for three years'],
  ['举报属实的给予奖励', 'Confirmed reports are rewarded'],
];

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * What the seed needs of a connection: pg's Client, or PGlite through an adapter
 * (the backup bench seeds an embedded database too).
 */
export interface SqlClient {
  query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: R[]; rowCount?: number | null }>;
}

async function timed<T>(client: SqlClient, label: string, sql: string, params: unknown[] = []) {
  const started = performance.now();
  const result = await client.query(sql, params);
  say(
    `    ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return result as unknown as T;
}

/** The article vocabulary as tables the insert joins: texts and their search terms. */
async function loadVocabulary(client: SqlClient): Promise<void> {
  await client.query(
    `create temporary table scale_titles (lang text, d int, s int, text text, norm text, terms text[])`,
  );
  await client.query(
    `create temporary table scale_fillers (lang text, f int, text text, norm text, terms text[])`,
  );
  const titles: unknown[][] = [];
  for (const [d, district] of DISTRICTS.entries()) {
    for (const [s, service] of SERVICES.entries()) {
      const zh = `${district[0]}${service[0]}办事指南`;
      const en = `${district[1]}: ${service[1]} guide`;
      titles.push(['zh-CN', d, s, zh, normaliseText(zh), documentTerms(zh)]);
      titles.push(['en', d, s, en, normaliseText(en), documentTerms(en)]);
    }
  }
  const fillers: unknown[][] = [];
  for (const [f, [zh, en]] of FILLERS.entries()) {
    fillers.push(['zh-CN', f, `${zh}。`, normaliseText(`${zh}。`), documentTerms(zh)]);
    fillers.push(['en', f, `${en}.`, normaliseText(`${en}.`), documentTerms(en)]);
  }
  // One statement per table: the rows travel as JSON and unpack in SQL.
  await client.query(
    `insert into scale_titles select * from json_to_recordset($1::json)
       as t(lang text, d int, s int, text text, norm text, terms text[])`,
    [
      JSON.stringify(
        titles.map(([lang, d, s, text, norm, terms]) => ({ lang, d, s, text, norm, terms })),
      ),
    ],
  );
  await client.query(
    `insert into scale_fillers select * from json_to_recordset($1::json)
       as t(lang text, f int, text text, norm text, terms text[])`,
    [
      JSON.stringify(
        fillers.map(([lang, f, text, norm, terms]) => ({ lang, f, text, norm, terms })),
      ),
    ],
  );
}

/**
 * Drops the table's secondary indexes (and, when asked, its primary key) and
 * answers the statements that build them again.
 */
async function dropIndexes(
  client: SqlClient,
  table: string,
  primaryKey = false,
): Promise<string[]> {
  const rebuild: string[] = [];
  if (primaryKey) {
    const { rows } = await client.query<{ conname: string; def: string }>(
      `select conname, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = $1::regclass and contype = 'p'`,
      [table],
    );
    for (const row of rows) {
      await client.query(`alter table ${table} drop constraint "${row.conname}"`);
      rebuild.push(`alter table ${table} add constraint "${row.conname}" ${row.def}`);
    }
  }
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename = $1
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const row of rows) {
    await client.query(`drop index "${row.indexname}"`);
    rebuild.push(row.indexdef);
  }
  return rebuild;
}

export interface ScaleSeedResult {
  seconds: number;
  rows: Record<string, number>;
  steps: { step: string; seconds: number }[];
  /** The trail's inserts through its trigger, per statement: where it started, rows, seconds. */
  auditBatches: { from: number; rows: number; seconds: number }[];
}

export interface ScaleSeedOptions {
  size?: ScaleSize;
  /**
   * Seals a number as the server does (scale-keys.ts). Without it the numbers are
   * written in clear, and the server seals them at its next start (its upgrade of
   * issue 30, personal-data-upgrade.ts), a row at a time.
   */
  sealMobile?: (mobile: string) => Promise<SealedMobile>;
  /** A user's role binding's MAC as the server signs it (scale-keys.ts); without it, none. */
  signUserRole?: (binding: {
    kind: 'user-role';
    userId: number;
    roleId: string;
  }) => Promise<string>;
  /** Called when the trail holds each of these many seeded records (the chain's rate then). */
  auditPoints?: number[];
  atAuditPoint?: (records: number) => Promise<void>;
}

/** Rows a statement of the audit trail's seed inserts through the trigger. */
const AUDIT_BATCH = 100_000;
/** Messages whose deliveries one statement inserts (200 each). */
const MESSAGE_BATCH = 5_000;
/** Accounts sealed and inserted a statement at a time. */
const USER_BATCH = 10_000;

/** Adds a city's (or a megacity's) worth to a database the server has migrated and seeded. */
export async function seedScale(
  target: string | SqlClient,
  now: Date,
  options: ScaleSeedOptions = {},
): Promise<ScaleSeedResult> {
  const size = options.size ?? SIZES.city;
  let end = async () => undefined as void;
  let client: SqlClient;
  if (typeof target === 'string') {
    const { default: pgModule } = await import('pg');
    const pgClient = new pgModule.Client({ connectionString: target });
    await pgClient.connect();
    client = {
      query: async <R>(sql: string, params: unknown[] = []) => {
        const result = await pgClient.query(sql, params);
        return { rows: result.rows as R[], rowCount: result.rowCount };
      },
    };
    end = () => pgClient.end();
  } else {
    client = target;
  }
  const started = performance.now();
  const steps: { step: string; seconds: number }[] = [];
  const auditBatches: ScaleSeedResult['auditBatches'] = [];
  const step = async (name: string, work: () => Promise<unknown>) => {
    const at = performance.now();
    say(`  ${name}`);
    await work();
    steps.push({ step: name, seconds: Math.round((performance.now() - at) / 100) / 10 });
  };
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set work_mem = '128MB'`);
    await client.query(`set synchronous_commit = off`);
    await client.query(`select setseed(0.14)`);
    const nowIso = now.toISOString();

    const unitCount = size.districts * (1 + size.unitsPerDistrict);
    await step('units and users', async () => {
      await timed(
        client,
        'district units',
        `insert into organizations (name, name_en, sort_order)
         select '规模区' || g, 'Scale district ' || g, 1000 + g
         from generate_series(1, $1::int) g`,
        [size.districts],
      );
      await timed(
        client,
        'units under them',
        `insert into organizations (name, name_en, sort_order, parent_id)
         select p.name || '第' || g || '所', p.name_en || ', unit ' || g, 2000 + g, p.id
         from organizations p cross join generate_series(1, $1::int) g
         where p.sort_order between 1001 and 1999 order by p.id, g`,
        [size.unitsPerDistrict],
      );
      await timed(
        client,
        'departments',
        `insert into departments (organization_id, name, name_en, sort_order)
         select o.id, o.name || '第' || d || '科', o.name_en || ', section ' || d, d
         from organizations o cross join generate_series(1, $1::int) d
         where o.sort_order > 1000 order by o.id, d`,
        [size.departmentsPerUnit],
      );
      const rebuild = await dropIndexes(client, 'users');
      // The accounts travel as arrays, a batch at a time, each number sealed by the
      // server's own code first; the unit and department follow from the number.
      const { rows: heads } = await client.query<{ hash: string }>(
        `select password_hash as hash from users where username = 'admin'`,
      );
      const started = performance.now();
      for (let first = 1; first <= size.users; first += USER_BATCH) {
        const numbers = Array.from(
          { length: Math.min(USER_BATCH, size.users - first + 1) },
          (_, index) => first + index,
        );
        const sealed = await Promise.all(
          numbers.map((number) =>
            options.sealMobile
              ? options.sealMobile(scaleMobile(number))
              : { mobile: scaleMobile(number), mobileIndex: null },
          ),
        );
        await client.query(
          `insert into users (username, name, mobile, mobile_index, organization_id, department_id,
                              password_hash, password_changed_at, created_at, updated_at)
           select a.username, a.name, a.mobile, a.mobile_index, d.organization_id, d.id, $6,
                  $7::timestamptz, $7::timestamptz - (a.number * interval '1 second'), $7::timestamptz
           from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])
                  as a(number, username, name, mobile, mobile_index)
           join (select id, organization_id, (row_number() over (order by id) - 1)::int as n
                   from departments
                  where organization_id in (select id from organizations where sort_order > 1000)) d
             on d.n = a.number % $8::int
           order by a.number`,
          [
            numbers,
            numbers.map((number) => scaleLogin(size, number)),
            numbers.map(userName),
            sealed.map((value) => value.mobile),
            sealed.map((value) => value.mobileIndex),
            heads[0]!.hash,
            nowIso,
            unitCount * size.departmentsPerUnit,
          ],
        );
        say(
          `    users: ${first + numbers.length - 1} / ${size.users}, ` +
            `${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      for (const statement of rebuild) await timed(client, statement.slice(0, 70), statement);
      // One in 50 an editor, the others staff; each binding signed as the server signs it.
      const { rows: ids } = await client.query<{ id: number }>(
        `select id from users where username like 'scale%' order by id`,
      );
      for (let first = 0; first < ids.length; first += USER_BATCH) {
        const userIds = ids.slice(first, first + USER_BATCH).map((row) => row.id);
        const roleIds = userIds.map((id) => (id % 50 === 0 ? 'editor' : 'staff'));
        const macs = await Promise.all(
          userIds.map((userId, index) =>
            options.signUserRole
              ? options.signUserRole({ kind: 'user-role', userId, roleId: roleIds[index]! })
              : null,
          ),
        );
        await client.query(
          `insert into user_roles (user_id, role_id, mac)
           select * from unnest($1::int[], $2::text[], $3::text[])`,
          [userIds, roleIds, macs],
        );
      }
      say(`    user roles: ${ids.length}`);
    });

    await step('messages and deliveries', async () => {
      await timed(
        client,
        'messages',
        `insert into messages (title, content, type, sent_by, created_at)
         select '第' || g || '号通知：道路清扫作业安排 / Notice ' || g || ': street cleaning schedule',
                '请各单位按计划完成第' || g || '号作业任务。Please complete task ' || g || ' as planned.',
                'text', null, $2::timestamptz - ($1::int - g) * ($3::float8 * interval '1 minute')
         from generate_series(1, $1::int) g`,
        // A year of messages (the city's one every 50 minutes).
        [size.messages, nowIso, 500_000 / size.messages],
      );
      const rebuild = await dropIndexes(client, 'message_recipients', true);
      // Message m reaches 200 of the scale users, offset by m so that each user
      // gets about 100; older messages are read, a quarter of the newest 1,000 not.
      // A statement per 5,000 messages (a million deliveries), for the progress.
      const { rows: range } = await client.query<{ first_id: number; last_id: number }>(
        `select min(id) as first_id, max(id) as last_id from messages
          where title like '第%号通知：道路清扫%'`,
      );
      const { first_id: firstMessage, last_id: lastMessage } = range[0]!;
      const spacing = Math.floor(size.users / size.recipientsPerMessage);
      for (let from = firstMessage; from <= lastMessage; from += MESSAGE_BATCH) {
        await timed(
          client,
          `deliveries of messages ${from - firstMessage + 1}-${Math.min(from + MESSAGE_BATCH - 1, lastMessage) - firstMessage + 1} of ${lastMessage - firstMessage + 1}`,
          `with scale_users as (select min(id) as first from users where username like 'scale%')
           insert into message_recipients (user_id, message_id, is_read, created_at, updated_at)
           select u.first + ((m.id * 97 + k * $3::int) % $1::int), m.id,
                  not (m.id > $6::int - 1000 and (m.id * 31 + k) % 4 = 0),
                  m.created_at, m.created_at
           from messages m cross join scale_users u
           cross join generate_series(0, $2::int - 1) k
           where m.id between $4::int and $5::int`,
          [
            size.users,
            size.recipientsPerMessage,
            spacing,
            from,
            Math.min(from + MESSAGE_BATCH - 1, lastMessage),
            lastMessage,
          ],
        );
      }
      await timed(
        client,
        'the benchmark account',
        `with recent as (select max(id) as last_id from messages)
         insert into message_recipients (user_id, message_id, is_read, created_at, updated_at)
         select (select id from users where username = 'admin'), m.id,
                m.id <= r.last_id - $2::int, m.created_at, m.created_at
         from messages m cross join recent r
         where m.title like '第%号通知：道路清扫%' and m.id % $1::int = 0
         on conflict do nothing`,
        [size.adminEvery, size.adminUnreadWindow],
      );
      for (const statement of rebuild) await timed(client, statement.slice(0, 70), statement);
    });

    await step('guidance articles', async () => {
      await loadVocabulary(client);
      const rebuild = await dropIndexes(client, 'guide_articles');
      const services = SERVICES.length;
      const districts = DISTRICTS.length;
      const fillers = FILLERS.length;
      // Article g: language by blocks of 480 (every district and service in both
      // languages), district and service from g, three boilerplate paragraphs.
      await timed(
        client,
        'articles',
        `with categories as (select array_agg(id order by sort_order, id) as ids from guide_categories),
         a as (
           select g,
                  case when (g / ($2::int * $3::int)) % 2 = 0 then 'zh-CN' else 'en' end as lang,
                  g % $2::int as d, (g / $2::int) % $3::int as s,
                  g % $4::int as f1, (g * 7 + 3) % $4::int as f2, (g * 13 + 5) % $4::int as f3
           from generate_series(1, $1::int) g
         )
         insert into guide_articles (category_id, title, summary, body_html, publish_date, status, language,
                                     search_terms, search_text, created_at, updated_at, published_at)
         select c.ids[1 + g % cardinality(c.ids)], t.text, f1.text,
                '<p>' || f1.text || '</p><p>' || f2.text || '</p><p>' || f3.text || '</p>',
                date '2026-11-01' - (g % 3650),
                case when g % 30 = 0 then 'withdrawn' when g % 15 = 0 then 'draft' else 'published' end,
                a.lang,
                array(select distinct unnest(t.terms || f1.terms || f2.terms || f3.terms)),
                t.norm || E'\\n' || f1.norm || E'\\n\\n\\n' || f1.norm || ' ' || f2.norm || ' ' || f3.norm,
                $5::timestamptz - g * interval '5 minutes', $5::timestamptz - g * interval '5 minutes',
                case when g % 15 = 0 then null else $5::timestamptz - g * interval '5 minutes' end
         from a cross join categories c
         join scale_titles t on t.lang = a.lang and t.d = a.d and t.s = a.s
         join scale_fillers f1 on f1.lang = a.lang and f1.f = a.f1
         join scale_fillers f2 on f2.lang = a.lang and f2.f = a.f2
         join scale_fillers f3 on f3.lang = a.lang and f3.f = a.f3
         order by g`,
        [size.articles, districts, services, fillers, nowIso],
      );
      for (const statement of rebuild) await timed(client, statement.slice(0, 70), statement);
    });

    await step('map features', async () => {
      const rebuild = await dropIndexes(client, 'gis_features');
      const [minLon, minLat, maxLon, maxLat] = CITY_EXTENT;
      // Six in ten points (incidents), a quarter polygons (cleaning zones), the
      // rest three-vertex lines (patrol routes), uniformly over the extent.
      await timed(
        client,
        'features',
        `with layers as (
           select (select id from gis_layers where code = 'incidents') as points,
                  (select id from gis_layers where code = 'cleaning-zones') as polygons,
                  (select id from gis_layers where code = 'patrol-routes') as lines
         ), f as (
           select g, round(($2::float8 + random() * ($4::float8 - $2::float8))::numeric, 6)::float8 as lon,
                     round(($3::float8 + random() * ($5::float8 - $3::float8))::numeric, 6)::float8 as lat,
                     round((0.0002 + random() * 0.0006)::numeric, 6)::float8 as size,
                     case when g % 20 < 12 then 'Point' when g % 20 < 17 then 'Polygon' else 'LineString' end as type
           from generate_series(1, $1::int) g
         )
         insert into gis_features (layer_id, name, kind, properties, geometry_type, geometry, vertex_count,
                                   min_lon, min_lat, max_lon, max_lat, version, created_at, updated_at)
         select case f.type when 'Point' then l.points when 'Polygon' then l.polygons else l.lines end,
                case f.type when 'Point' then '事件' || g when 'Polygon' then '作业区' || g else '路线' || g end,
                case f.type when 'Point' then 'incident' else '' end,
                '{}'::jsonb, f.type,
                case f.type
                  when 'Point' then jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(lon, lat))
                  when 'Polygon' then jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(jsonb_build_array(
                    jsonb_build_array(lon, lat), jsonb_build_array(lon + size, lat), jsonb_build_array(lon + size, lat + size),
                    jsonb_build_array(lon, lat + size), jsonb_build_array(lon, lat))))
                  else jsonb_build_object('type', 'LineString', 'coordinates', jsonb_build_array(
                    jsonb_build_array(lon, lat), jsonb_build_array(lon + size, lat + size / 2), jsonb_build_array(lon + size * 2, lat + size)))
                end,
                case f.type when 'Point' then 1 when 'Polygon' then 5 else 3 end,
                lon, lat,
                case f.type when 'Point' then lon when 'Polygon' then lon + size else lon + size * 2 end,
                case f.type when 'Point' then lat else lat + size end,
                1, $6::timestamptz, $6::timestamptz
         from f cross join layers l`,
        [size.features, minLon, minLat, maxLon, maxLat, nowIso],
      );
      for (const statement of rebuild) await timed(client, statement.slice(0, 70), statement);
    });

    await step('audit records', async () => {
      // Through the trail's own trigger (the session's replica role would skip it),
      // every index in place: the chain's appends as the server's are, in statements
      // of 100,000 records, each record's time, actor and action from its number.
      await client.query(`set session_replication_role = origin`);
      const count = size.auditRecords;
      const points = [...(options.auditPoints ?? [])].sort((x, y) => x - y);
      const started = performance.now();
      for (let done = 0; done < count;) {
        while (points.length > 0 && points[0]! <= done) {
          await options.atAuditPoint?.(points.shift()!);
        }
        const rows = Math.min(AUDIT_BATCH, count - done, (points[0] ?? count) - done);
        const at = performance.now();
        await client.query(
          `with scale_users as (select min(id) as first from users where username like 'scale%')
           insert into audit_trail (at, actor_id, actor_name, ip_address, user_agent, action, outcome, reason)
           select $4::timestamptz - ($3::bigint - g) * interval '1 second' * (90 * 86400.0 / $3::bigint),
                  u.first + (g * 7919) % $5::int,
                  'scale' || lpad((1 + (g * 7919) % $5::int)::text, $6::int, '0'),
                  '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (g % 97),
                  'Mozilla/5.0 (scale)',
                  case when g % 10 between 6 and 8 then 'auth.logout' else 'auth.login' end,
                  case when g % 10 = 9 then 'failure' else 'success' end,
                  case when g % 10 = 9 then 'password' end
           from scale_users u cross join generate_series($1::bigint, $2::bigint) g`,
          [done + 1, done + rows, count, nowIso, size.users, String(size.users).length],
        );
        const seconds = (performance.now() - at) / 1000;
        auditBatches.push({ from: done, rows, seconds: Math.round(seconds * 100) / 100 });
        done += rows;
        const elapsed = (performance.now() - started) / 1000;
        say(
          `    audit trail: ${done} / ${count} (${Math.round(rows / seconds)} records/s in this ` +
            `statement, ${Math.round(done / elapsed)} overall, ${Math.round(elapsed)} s)`,
        );
      }
      for (const point of points) await options.atAuditPoint?.(point);
      await client.query(`set session_replication_role = replica`);
    });

    await step('vacuum analyze', async () => {
      for (const table of [
        'users',
        'user_roles',
        'organizations',
        'departments',
        'messages',
        'message_recipients',
        'guide_articles',
        'gis_features',
        'audit_trail',
      ]) {
        await client.query(`vacuum (analyze) ${table}`);
      }
    });

    const counts = await client.query<Record<string, string>>(
      `select (select count(*) from users) as users,
              (select count(*) from organizations) as units,
              (select count(*) from departments) as departments,
              (select count(*) from messages) as messages,
              (select count(*) from message_recipients) as message_recipients,
              (select count(*) from guide_articles) as guide_articles,
              (select count(*) from gis_features) as gis_features,
              (select count(*) from audit_trail) as audit_trail`,
    );
    const rows = Object.fromEntries(
      Object.entries(counts.rows[0]!).map(([key, value]) => [key, Number(value)]),
    );
    return {
      seconds: Math.round((performance.now() - started) / 100) / 10,
      rows,
      steps,
      auditBatches,
    };
  } finally {
    await end();
  }
}
