import type { AuditRecord, AuditVerification } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import { renderWithClient, rowTexts, signInWith } from '../test-support';
import { AuditPage } from './audit-page';

configure({ asyncUtilTimeout: 15_000 });

function record(seq: number, patch: Partial<AuditRecord> = {}): AuditRecord {
  return {
    seq,
    at: '2026-11-20T08:00:00.000Z',
    actorId: 1,
    actorName: 'admin',
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
    before: { name: '张伟', roleIds: ['staff'] },
    after: { name: '张伟二', roleIds: ['editor', 'staff'] },
    hash: 'ab'.repeat(32),
    ...patch,
  };
}

const holds: AuditVerification = {
  holds: true,
  checked: 120,
  brokenAt: null,
  problem: null,
  firstSeq: 1,
  lastSeq: 120,
  archivedThrough: null,
  verifiedAt: '2026-11-20T08:00:00.000Z',
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
        record(
          seq,
          seq % 2 === 0
            ? {}
            : {
                action: 'auth.login',
                outcome: 'failure',
                before: null,
                after: null,
                reason: 'password',
                targetKind: null,
                targetId: null,
                targetName: null,
              },
        ),
      );
      return HttpResponse.json(okBody({ list, nextBefore: before - 2 > 100 ? before - 2 : null }));
    }),
    http.get(`${API}/system/audit/verification`, () => HttpResponse.json(okBody(verification))),
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
    expect(rowTexts(table, 8)[0]).toEqual(
      expect.arrayContaining([
        '120',
        'admin (市城管局)',
        '10.0.0.8',
        '修改用户',
        '用户 zhang.wei #42',
        '成功',
      ]),
    );
    expect(rowTexts(table, 8)[1]).toEqual(expect.arrayContaining(['登录', '失败']));
    expect(await screen.findByText(/日志链完整：共校验 120 条记录/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '较早记录' }));
    await waitFor(() => expect(rowTexts(table)[0]![0]).toBe('118'));
    expect(queries.at(-1)!.get('before')).toBe('119');
    await user.click(screen.getByRole('button', { name: '较新记录' }));
    await waitFor(() => expect(rowTexts(table)[0]![0]).toBe('120'));
  });

  it('shows a record’s before and after side by side', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '详情 第 120 号记录' }));
    const changes = await screen.findByRole('table', { name: '变更内容' });
    const rows = rowTexts(changes, 3);
    expect(rows).toContainEqual(['name', '张伟', '张伟二']);
    expect(rows).toContainEqual(['roleIds', '["staff"]', '["editor","staff"]']);
  });

  it('sends the filters and starts again from the newest', async () => {
    const { user } = await renderPage();
    await user.type(screen.getByLabelText('操作人'), ' auditor ');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queries.at(-1)!.get('actor')).toBe('auditor'));
    expect(queries.at(-1)!.get('before')).toBeNull();
  });

  it('says where the chain is broken', async () => {
    verification = { ...holds, holds: false, brokenAt: 57, problem: 'content' };
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(/第 57 号记录处断开：该记录写入后内容被修改/),
    ).toBeInTheDocument();
  });

  it('offers the export only to holders of its code', async () => {
    await renderPage(['system:audit:read']);
    expect(screen.queryByRole('button', { name: /导出 Excel/ })).not.toBeInTheDocument();
  });
});
