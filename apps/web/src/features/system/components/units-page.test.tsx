import { PERMISSION_CODES, UNIT_LEVEL_PAGE_SIZE } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import {
  findDialog,
  renderWithClient,
  rowTexts,
  signInWith,
  deepUnitTree,
  unitEndpoints,
  unitTree,
  wideUnitTree,
} from '../test-support';
import { UnitsPage } from './units-page';

configure({ asyncUtilTimeout: 15_000 });

let tree = unitTree();
let posted: unknown[] = [];
let put: { id: number; body: unknown }[] = [];
let deleted: string[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  tree = unitTree();
  posted = [];
  put = [];
  deleted = [];
  testServer.use(
    ...unitEndpoints(() => tree),
    http.post(`${API}/system/units`, async ({ request }) => {
      posted.push(await request.json());
      await delay(30);
      return HttpResponse.json(okBody(null));
    }),
    http.put(`${API}/system/units/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { version: number; name: string };
      put.push({ id: Number(params.id), body });
      const unit = tree[0]!.children.find((entry) => entry.id === Number(params.id)) ?? tree[0]!;
      if (body.version !== unit.version) {
        return HttpResponse.json(failBody('040009', '该记录在您打开后已被他人修改'), {
          status: 409,
        });
      }
      return HttpResponse.json(okBody(null));
    }),
    http.delete(`${API}/system/units/:id`, ({ params }) => {
      if (params.id === '1') {
        return HttpResponse.json(
          failBody('040009', '该单位仍有 3 名用户、2 个下级单位或部门，不能删除'),
          { status: 409 },
        );
      }
      deleted.push(`unit ${String(params.id)}`);
      return HttpResponse.json(okBody(null));
    }),
    http.delete(`${API}/system/departments/:id`, ({ params, request }) => {
      deleted.push(
        `department ${String(params.id)} v${new URL(request.url).searchParams.get('version')}`,
      );
      return HttpResponse.json(okBody(null));
    }),
  );
});

async function renderPage(permissions: string[] = [...PERMISSION_CODES]) {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<UnitsPage />);
  const table = await screen.findByRole('table', { name: '单位与部门' });
  await waitFor(() => expect(rowTexts(table, 2).length).toBe(3));
  return { user, table };
}

describe('the units page', { timeout: 60_000 }, () => {
  it('shows the units open with their departments', async () => {
    const { table } = await renderPage();
    expect(rowTexts(table, 2)).toEqual([
      ['市城管局', '3 人'],
      ['东城区分局', '0 人'],
      ['办公室部门', '2 人'],
    ]);
  });

  it('creates a subunit under the chosen unit', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '为 东城区分局 新增下级单位' }));
    const dialog = await findDialog('新增单位');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getAllByText('此项为必填项')).toHaveLength(1));
    await user.type(within(dialog).getByRole('textbox', { name: '中文名称' }), '东城一所');
    await user.type(
      within(dialog).getByRole('textbox', { name: '英文名称（选填）' }),
      'East office 1',
    );
    await user.dblClick(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '已保存。' }));
    expect(posted).toEqual([
      { name: '东城一所', nameEn: 'East office 1', parentId: 2, sortOrder: 0 },
    ]);
  });

  it('renames with the version read, and reloads a unit changed meanwhile', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '编辑单位 东城区分局' }));
    const dialog = await findDialog('编辑单位');
    tree[0]!.children[0] = { ...tree[0]!.children[0]!, name: '东城区局', version: 3 };
    const name = within(dialog).getByRole('textbox', { name: '中文名称' });
    await user.clear(name);
    await user.type(name, '东城分局');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('已被他人修改');
    await waitFor(() => expect(name).toHaveValue('东城区局'));
    expect(put[0]).toMatchObject({ id: 2, body: { name: '东城分局', parentId: 1, version: 1 } });
  });

  it('reloads a department that someone moved to another unit meanwhile', async () => {
    const moved = { ...tree[0]!.departments[0]!, organizationId: 2, version: 2 };
    testServer.use(
      http.put(`${API}/system/departments/:id`, () =>
        HttpResponse.json(failBody('040009', '该记录在您打开后已被他人修改'), { status: 409 }),
      ),
      http.get(`${API}/system/departments/:id`, ({ params }) =>
        Number(params.id) === moved.id
          ? HttpResponse.json(okBody(moved))
          : HttpResponse.json(failBody('040004', '记录不存在'), { status: 404 }),
      ),
    );
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '编辑部门 办公室' }));
    const dialog = await findDialog('编辑部门');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('已被他人修改');
    // Its unit now: the district it was moved to, not gone.
    expect(await within(dialog).findByTitle('东城区分局')).toBeInTheDocument();
  });

  it('asks before deleting and shows why a unit in use stays', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '删除单位 市城管局' }));
    await user.click(
      within(await findDialog('确定删除单位“市城管局”吗？')).getByRole('button', { name: '删除' }),
    );
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        expect.objectContaining({ content: '该单位仍有 3 名用户、2 个下级单位或部门，不能删除' }),
      ),
    );
    await user.click(within(table).getByRole('button', { name: '删除部门 办公室' }));
    await user.click(
      within(await findDialog('确定删除部门“办公室”吗？')).getByRole('button', { name: '删除' }),
    );
    await waitFor(() => expect(deleted).toEqual(['department 11 v1']));
  });

  it('starts several top units closed, reading only the top level', async () => {
    const levels: (string | null)[] = [];
    testServer.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/units/level')) levels.push(url.searchParams.get('parentId'));
    });
    tree = [...unitTree(), { ...unitTree()[0]!, id: 9, name: '市应急局', nameEn: 'Emergency' }];
    signInWith([...PERMISSION_CODES]);
    renderWithClient(<UnitsPage />);
    const table = await screen.findByRole('table', { name: '单位与部门' });
    await waitFor(() => expect(rowTexts(table, 1)).toEqual([['市城管局'], ['市应急局']]));
    expect(levels).toEqual([null]);
  });

  it('reads the units below a unit when it is opened, and finds units by name', async () => {
    tree = deepUnitTree();
    const levels: (string | null)[] = [];
    testServer.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/units/level')) levels.push(url.searchParams.get('parentId'));
    });
    const { user, table } = await renderPage();
    // The top unit starts open; the district below it is read only when opened.
    expect(levels).toEqual([null, '1']);
    const district = within(table).getByRole('row', { name: /东城区分局/ });
    // The test's ConfigProvider has antd's default (English) locale.
    await user.click(within(district).getByRole('button', { name: 'Expand row' }));
    await waitFor(() => expect(rowTexts(table, 1).flat()).toContain('东城一所'));
    expect(levels).toEqual([null, '1', '2']);

    await user.type(screen.getByRole('searchbox', { name: '查找单位' }), '一所{Enter}');
    const found = await screen.findByRole('table', { name: '查找结果' });
    await waitFor(() => expect(rowTexts(found, 1)).toEqual([['市城管局 / 东城区分局 /东城一所']]));
  });

  it('shows a wide level a page at a time, the next page on asking', async () => {
    tree = wideUnitTree(UNIT_LEVEL_PAGE_SIZE + 3);
    const afters: (string | null)[] = [];
    testServer.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/units/level')) afters.push(url.searchParams.get('after'));
    });
    const { user, table } = await renderPage();
    const district = within(table).getByRole('row', { name: /东城区分局/ });
    await user.click(within(district).getByRole('button', { name: 'Expand row' }));
    await waitFor(() => expect(rowTexts(table, 1).flat()).toContain(`街道${UNIT_LEVEL_PAGE_SIZE}`));
    expect(rowTexts(table, 1).flat()).not.toContain(`街道${UNIT_LEVEL_PAGE_SIZE + 1}`);
    await user.click(within(table).getByRole('button', { name: '显示东城区分局的更多下级单位' }));
    await waitFor(() =>
      expect(rowTexts(table, 1).flat()).toContain(`街道${UNIT_LEVEL_PAGE_SIZE + 3}`),
    );
    // The next page starts after the last street shown; nothing more is offered.
    expect(afters).toContain(String(100 + UNIT_LEVEL_PAGE_SIZE - 1));
    expect(within(table).queryByRole('button', { name: /更多下级单位/ })).toBeNull();
  });

  it('offers no changes without system:unit:write', async () => {
    const { table } = await renderPage(['system:unit:read']);
    expect(screen.queryByRole('button', { name: '新增单位' })).toBeNull();
    expect(within(table).queryAllByRole('button', { name: /编辑|删除|新增/ })).toEqual([]);
  });

  it('offers a district administrator no top level and no delete of its own top unit', async () => {
    // The district's tree: its top unit sits below a unit it does not manage (id 9).
    tree = [
      {
        ...tree[0]!,
        parentId: 9,
        actions: ['edit', 'add-child'],
        refusal: { key: 'system.unit.ownRoot' },
      },
    ];
    const { user, table } = await renderPage();
    expect(within(table).queryByRole('button', { name: '删除单位 市城管局' })).toBeNull();
    expect(within(table).getByRole('button', { name: '删除单位 东城区分局' })).toBeVisible();
    // Its row says why, to the mouse and the keyboard; the units below it need no note.
    const note = within(table).getByText('无权删除');
    expect(note).toHaveAccessibleName('您所管辖范围的顶层单位只能由上级管理员移动或删除');
    expect(note).toHaveAttribute('tabindex', '0');
    await user.hover(note);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('只能由上级管理员移动或删除');
    expect(within(table).getAllByText('无权删除')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '新增单位' }));
    const dialog = await findDialog('新增单位');
    // The new unit goes below the district's own, never at the top.
    expect(within(dialog).queryByText('无（顶级单位）')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: '中文名称' }), '滨江所');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(posted).toEqual([{ name: '滨江所', nameEn: '', parentId: 1, sortOrder: 0 }]),
    );
  });
});
