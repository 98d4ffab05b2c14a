import type { AuditRecord, AuditVerification } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import { renderWithClient, rowTexts, signInWith } from '../test-support';
import { AuditPage } from './audit-page';

configure({ asyncUtilTimeout: 15_000 });

// The names the exports are saved under: lib/save-file.ts clicks a download link, and
// the test reads the link's name (jsdom has no object addresses and saves nothing).
const saved: string[] = [];
beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

function record(seq: number, patch: Partial<AuditRecord> = {}): AuditRecord {
  return {
    seq,
    at: '2026-11-20T08:00:00.000Z',
    actorId: 1,
    actorName: 'admin',
    actorFullName: '系统管理员',
    actorUnit: '市城管局',
    session: '0123456789abcdef',
    ipAddress: '10.0.0.8',
    userAgent: 'Chromium',
    action: 'user.update',
    targetKind: 'user',
    targetId: '42',
    targetName: 'zhang.wei',
    outcome: 'success',
    reason: null,
    before: { name: '张伟', roleIds: ['staff'], organizationId: 5 },
    after: { name: '张伟二', roleIds: ['editor', 'staff'], organizationId: 5 },
    hash: 'ab'.repeat(32),
    ...patch,
  };
}

const signInFailure: Partial<AuditRecord> = {
  action: 'auth.login',
  outcome: 'failure',
  before: null,
  after: null,
  reason: 'password',
  targetKind: null,
  targetId: null,
  targetName: null,
};

const holds: AuditVerification = {
  holds: true,
  checked: 120,
  brokenAt: null,
  problem: null,
  firstSeq: 1,
  lastSeq: 120,
  archivedThrough: null,
  waiting: 0,
  verifiedAt: '2026-11-20T08:00:00.000Z',
  algorithm: 'SHA-256',
};

let queries: URLSearchParams[] = [];
let verification: AuditVerification = holds;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  configureTestApi();
  queries = [];
  verification = holds;
  testServer.use(
    http.get(`${API}/system/audit`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const before = Number(params.get('before') ?? 121);
      const list = [before - 1, before - 2].map((seq) =>
        record(seq, seq % 2 === 0 ? {} : signInFailure),
      );
      return HttpResponse.json(
        okBody({
          list,
          nextBefore: before - 2 > 100 ? before - 2 : null,
          timeZone: 'Asia/Shanghai',
        }),
      );
    }),
    http.get(`${API}/system/audit/actors`, ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
      const accounts = [
        { id: 1, username: 'admin', name: '系统管理员' },
        { id: 3, username: 'auditor', name: '安全审计员' },
      ];
      const list = accounts.filter(
        (account) => account.username.startsWith(keyword) || account.name.startsWith(keyword),
      );
      return HttpResponse.json(okBody({ list, hasMore: false }));
    }),
    http.get(`${API}/system/audit/verification`, () => HttpResponse.json(okBody(verification))),
    http.get(`${API}/system/audit/:seq`, ({ params }) =>
      HttpResponse.json(
        okBody({
          ...record(Number(params.seq)),
          ...(Number(params.seq) % 2 === 1 ? signInFailure : {}),
          before:
            Number(params.seq) % 2 === 1
              ? null
              : { name: '张伟', roleIds: ['staff'], organizationId: 5, dataScope: 'self' },
          after:
            Number(params.seq) % 2 === 1
              ? null
              : {
                  name: '张伟二',
                  roleIds: ['editor', 'staff'],
                  organizationId: 5,
                  dataScope: 'unit-and-below',
                },
          names: {
            roles: { staff: '工作人员', editor: '内容编辑' },
            units: { '5': '江北区城市管理局' },
            departments: {},
            entries: {},
          },
          timeZone: 'Asia/Shanghai',
        }),
      ),
    ),
  );
});

async function renderPage(permissions = ['system:audit:read', 'system:audit:export']) {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<AuditPage />);
  const table = await screen.findByRole('table', { name: '审计记录列表' });
  await waitFor(() => expect(rowTexts(table)).toHaveLength(2));
  return { user, table };
}

describe('the audit page', { timeout: 60_000 }, () => {
  it('lists the newest records with their actions in words, and walks to older and newer pages', async () => {
    const { user, table } = await renderPage();
    expect(rowTexts(table, 9)[0]).toEqual(
      expect.arrayContaining([
        '120',
        '2026-11-20 16:00:00',
        '系统管理员',
        'admin (市城管局)',
        '10.0.0.8',
        '修改用户',
        '用户 · zhang.wei',
        '成功',
      ]),
    );
    expect(rowTexts(table, 9)[1]).toEqual(expect.arrayContaining(['登录', '失败']));
    expect(await screen.findByText(/日志链完整：共校验 120 条记录/)).toBeInTheDocument();
    expect(
      screen.getByText('新记录的哈希算法为 SHA-256（每条记录标明各自的算法）。'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '较早记录' }));
    await waitFor(() => expect(rowTexts(table)[0]![0]).toBe('118'));
    expect(queries.at(-1)!.get('before')).toBe('119');
    await user.click(screen.getByRole('button', { name: '较新记录' }));
    await waitFor(() => expect(rowTexts(table)[0]![0]).toBe('120'));
  });

  it('shows a record’s before and after in words: labels, names for ids, codes as words, the raw data a click away', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '详情 第 120 号记录' }));
    const changes = await screen.findByRole('table', { name: '变更内容' });
    // The list's copy shows first; the detail's names and words replace it.
    await waitFor(() => {
      expect(rowTexts(changes, 3)).toContainEqual(['角色', '工作人员', '内容编辑、工作人员']);
      expect(rowTexts(changes, 3)).toContainEqual([
        '所属单位',
        '江北区城市管理局',
        '江北区城市管理局',
      ]);
    });
    const rows = rowTexts(changes, 3);
    expect(rows).toContainEqual(['姓名', '张伟', '张伟二']);
    expect(rows).toContainEqual(['数据范围', '仅本人数据', '本单位及下级单位']);
    const drawer = screen.getByRole('dialog');
    expect(within(drawer).getByText('2026-11-20 16:00:00')).toBeInTheDocument();
    expect(within(drawer).queryByText(/GMT/)).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /原始数据/ }));
    expect(await within(drawer).findByText(/"roleIds": \[/)).toBeInTheDocument();
  });

  it('says why a sign-in failed in words', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '详情 第 119 号记录' }));
    const drawer = await screen.findByRole('dialog');
    // The list's own copy shows until the detail arrives; either says it in words.
    expect(await within(drawer).findByText('密码错误')).toBeInTheDocument();
  });

  it('sends the filters and starts again from the newest', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByLabelText('操作人'));
    await user.type(screen.getByLabelText('操作人'), '系统');
    await user.click(await screen.findByText('系统管理员（admin）'));
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queries.at(-1)!.get('actor')).toBe('admin'));
    expect(queries.at(-1)!.get('before')).toBeNull();
  });

  it('offers 今天 and 近 7 天, and names the export with the range asked for', async () => {
    const { user } = await renderPage();
    const day = (at: dayjs.Dayjs) => at.format('YYYY-MM-DD');
    await user.click(screen.getByPlaceholderText('开始时间'));
    await user.click(await screen.findByText('近 7 天'));
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queries.at(-1)!.get('from')).not.toBeNull());
    const from = dayjs(queries.at(-1)!.get('from'));
    const to = dayjs(queries.at(-1)!.get('to'));
    expect(from.valueOf()).toBe(dayjs().subtract(6, 'day').startOf('day').valueOf());
    expect(day(to)).toBe(day(dayjs()));
    testServer.use(
      http.get(`${API}/system/audit/export`, () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('seq\n').buffer, {
          headers: { 'content-type': 'text/csv' },
        }),
      ),
    );
    saved.length = 0;
    await user.click(screen.getByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toBe(`审计日志_${day(from)}_${day(to)}.csv`);

    await user.click(screen.getByPlaceholderText('开始时间'));
    await user.click(await screen.findByText('今天'));
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(queries.at(-1)!.get('from')).toBe(dayjs().startOf('day').toISOString()),
    );
  });

  it('says where the chain is broken', async () => {
    verification = { ...holds, holds: false, brokenAt: 57, problem: 'content' };
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(/第 57 号记录处断开：该记录写入后内容被修改/),
    ).toBeInTheDocument();
  });

  it('says when records of changes just committed were still joining the chain', async () => {
    verification = { ...holds, waiting: 3 };
    await renderPage();
    expect(
      await screen.findByText(/另有 3 条刚提交的变更记录正在接入日志链，下次校验时一并核验。/),
    ).toBeInTheDocument();
  });

  it('offers the export only to holders of its code', async () => {
    await renderPage(['system:audit:read']);
    expect(screen.queryByRole('button', { name: /导出 Excel/ })).not.toBeInTheDocument();
  });
});
