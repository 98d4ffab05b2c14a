/**
 * The scale mode's data (issue 14, item 3): a city's worth added to a database
 * the server has already migrated and seeded with its demo, in set-based SQL
 * (generate_series), so that millions of rows take minutes on a small machine:
 *
 * - 300 units (organizations: 12 district units with 24 units under each) of two
 *   departments each, and 20,000 users spread over them;
 * - 10,000 messages and 2,000,000 deliveries (message_recipients): about 100 per
 *   user, and the benchmark account (admin) receives every fourth message,
 *   2,500, the newest 300 of them unread;
 * - 100,000 guidance articles, half Chinese and half English, titled by district
 *   and service with shared boilerplate paragraphs, their search terms computed
 *   by the server's own `documentTerms`;
 * - 1,000,000 map features over the city's extent: points, polygons and lines in
 *   the three editable layers;
 * - 1,000,000 records in the audit trail (sign-ins, failures, sign-outs of
 *   the scale users over 90 days), chained as the trail's trigger chains them.
 *
 * Secondary indexes are dropped before the bulk inserts and built again after
 * (one sorted build instead of a million random insertions), foreign-key
 * triggers are off for the session (the rows are consistent by construction),
 * and the tables are vacuumed and analysed at the end as autovacuum would.
 */
import {
  documentTerms,
  normaliseText,
} from '../../apps/server/dist/modules/business-guide/search-terms.js';

export const SCALE = {
  /** Top-level units; each has `unitsPerDistrict` units under it: 12 + 288 = 300. */
  districts: 12,
  unitsPerDistrict: 24,
  departmentsPerUnit: 2,
  users: 20_000,
  messages: 10_000,
  recipientsPerMessage: 200,
  /** The benchmark account receives every n-th message. */
  adminEvery: 4,
  /** ...and has not read those among the newest this many messages. */
  adminUnreadWindow: 1_200,
  articles: 100_000,
  features: 1_000_000,
  /** In the audit trail (issue 13), chained by its insert trigger. */
  auditRecords: 1_000_000,
} as const;

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
}

/** Adds the city's worth to a database the server has migrated and seeded. */
export async function seedScale(target: string | SqlClient, now: Date): Promise<ScaleSeedResult> {
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

    const unitCount = SCALE.districts * (1 + SCALE.unitsPerDistrict);
    await step('units and users', async () => {
      await timed(
        client,
        'district units',
        `insert into organizations (name, name_en, sort_order)
         select '规模区' || g, 'Scale district ' || g, 1000 + g
         from generate_series(1, $1::int) g`,
        [SCALE.districts],
      );
      await timed(
        client,
        'units under them',
        `insert into organizations (name, name_en, sort_order, parent_id)
         select p.name || '第' || g || '所', p.name_en || ', unit ' || g, 2000 + g, p.id
         from organizations p cross join generate_series(1, $1::int) g
         where p.sort_order between 1001 and 1999 order by p.id, g`,
        [SCALE.unitsPerDistrict],
      );
      await timed(
        client,
        'departments',
        `insert into departments (organization_id, name, name_en, sort_order)
         select o.id, o.name || '第' || d || '科', o.name_en || ', section ' || d, d
         from organizations o cross join generate_series(1, $1::int) d
         where o.sort_order > 1000 order by o.id, d`,
        [SCALE.departmentsPerUnit],
      );
      const rebuild = await dropIndexes(client, 'users');
      await timed(
        client,
        'users',
        `insert into users (username, name, mobile, organization_id, department_id, password_hash,
                            password_changed_at, created_at, updated_at)
         select 'scale' || lpad(g::text, 5, '0'), '规模用户' || g, '139' || lpad(g::text, 8, '0'),
                d.organization_id, d.id, (select password_hash from users where username = 'admin'),
                $2::timestamptz, $2::timestamptz, $2::timestamptz
         from generate_series(1, $1::int) g
         join (select id, organization_id, (row_number() over (order by id) - 1)::int as n
                 from departments where organization_id in (select id from organizations where sort_order > 1000)) d
           on d.n = g % $3::int`,
        [SCALE.users, nowIso, unitCount * SCALE.departmentsPerUnit],
      );
      for (const statement of rebuild) await timed(client, statement.slice(0, 70), statement);
      await timed(
        client,
        'user roles',
        `insert into user_roles (user_id, role_id)
         select id, case when id % 50 = 0 then 'editor' else 'staff' end
         from users where username like 'scale%'`,
      );
    });

    await step('messages and deliveries', async () => {
      await timed(
        client,
        'messages',
        `insert into messages (title, content, type, sent_by, created_at)
         select '第' || g || '号通知：道路清扫作业安排 / Notice ' || g || ': street cleaning schedule',
                '请各单位按计划完成第' || g || '号作业任务。Please complete task ' || g || ' as planned.',
                'text', null, $2::timestamptz - ($1::int - g) * interval '50 minutes'
         from generate_series(1, $1::int) g`,
        [SCALE.messages, nowIso],
      );
      const rebuild = await dropIndexes(client, 'message_recipients', true);
      // Message m reaches 200 of the scale users, offset by m so that each user
      // gets about 100; older messages are read, a quarter of the newest 1,000 not.
      await timed(
        client,
        'deliveries',
        `with scale_users as (select min(id) as first from users where username like 'scale%'),
              recent as (select min(id) as first_id, max(id) as last_id from messages
                          where title like '第%号通知：道路清扫%')
         insert into message_recipients (user_id, message_id, is_read, created_at, updated_at)
         select u.first + ((m.id * 97 + k * 100) % $1::int), m.id,
                not (m.id > r.last_id - 1000 and (m.id * 31 + k) % 4 = 0),
                m.created_at, m.created_at
         from messages m cross join scale_users u cross join recent r
         cross join generate_series(0, $2::int - 1) k
         where m.id between r.first_id and r.last_id`,
        [SCALE.users, SCALE.recipientsPerMessage],
      );
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
        [SCALE.adminEvery, SCALE.adminUnreadWindow],
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
        [SCALE.articles, districts, services, fillers, nowIso],
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
        [SCALE.features, minLon, minLat, maxLon, maxLat, nowIso],
      );
      for (const statement of rebuild) await timed(client, statement.slice(0, 70), statement);
    });

    await step('audit records', async () => {
      const rebuild = await dropIndexes(client, 'audit_trail');
      // Chained oldest first with the product's own digest (audit_trail_digest), as its
      // insert trigger does. The trigger itself is off with the session's other
      // triggers (replica role), and its per-row update of the one head row would make
      // a million-row statement quadratic, so the loop carries the previous hash and
      // the head is set once at the end.
      const count = Number(SCALE.auditRecords);
      const users = Number(SCALE.users);
      await timed(
        client,
        'audit trail (chained)',
        `do $$
         declare
           r audit_trail;
           base bigint;
           prev text;
           first_user int;
           k bigint;
         begin
           select seq, hash into base, prev from audit_chain_head;
           select min(id) into first_user from users where username like 'scale%';
           for g in 1..${count} loop
             k := (g::bigint * 7919) % ${users};
             r := null;
             r.seq := base + g;
             r.at := '${nowIso}'::timestamptz - (${count} - g) * interval '1 second' * (90 * 86400.0 / ${count});
             r.actor_id := first_user + k;
             r.actor_name := 'scale' || lpad((1 + k)::text, 5, '0');
             r.ip_address := '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (g % 97);
             r.user_agent := 'Mozilla/5.0 (scale)';
             r.action := case when g % 10 < 9 and g % 10 >= 6 then 'auth.logout' else 'auth.login' end;
             r.outcome := case when g % 10 = 9 then 'failure' else 'success' end;
             r.reason := case when g % 10 = 9 then 'password' end;
             r.prev_hash := prev;
             r.hash := audit_trail_digest(r);
             insert into audit_trail select (r).*;
             prev := r.hash;
           end loop;
           update audit_chain_head set seq = base + ${count}, hash = prev;
         end $$`,
      );
      for (const statement of rebuild) await timed(client, statement.slice(0, 70), statement);
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
    return { seconds: Math.round((performance.now() - started) / 100) / 10, rows, steps };
  } finally {
    await end();
  }
}
