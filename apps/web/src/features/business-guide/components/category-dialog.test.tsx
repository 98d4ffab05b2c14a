import type { GuideCategory } from '@cityops/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { HttpResponse, delay, http } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, registerTexts } from '@/lib/i18n';
import { businessGuideTexts } from '@/locales/business-guide-texts';
import { useUserStore } from '@/stores/user-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody, userData } from '@/testing/fixtures';
import { CategoryDialog } from './category-dialog';
import { GuideTablePage } from './guide-table-page';

// antd's dialogs and a machine shared with other test runs need more than the defaults.
configure({ asyncUtilTimeout: 15_000 });

registerTexts(businessGuideTexts);

/** The server's side: the categories as the real endpoints keep them. */
let categories: GuideCategory[] = [];
let posted: unknown[] = [];
let put: { id: number; body: unknown }[] = [];
let deleted: number[] = [];
let toasts: ReturnType<typeof configureTestApi>;

const sorted = () => [...categories].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);

function category(id: number, code: string, name: string, nameEn: string, articleCount = 0) {
  return { id, code, name, nameEn, sortOrder: id * 10, articleCount };
}

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  categories = [
    category(1, 'laws', '法律', 'Laws', 3),
    category(2, 'regulations', '行政法规', 'Administrative regulations', 2),
    category(3, 'experience', '经验交流', 'Experience exchange'),
  ];
  posted = [];
  put = [];
  deleted = [];
  testServer.use(
    http.get(`${API}/business-guide/categories`, () => HttpResponse.json(okBody(sorted()))),
    http.post(`${API}/business-guide/categories`, async ({ request }) => {
      const body = (await request.json()) as Omit<GuideCategory, 'id' | 'articleCount'>;
      posted.push(body);
      await delay(30);
      if (categories.some((entry) => entry.code === body.code)) {
        return HttpResponse.json(failBody('040009', '已存在相同编码的分类'), { status: 409 });
      }
      const created = { ...body, id: categories.length + 1, articleCount: 0 };
      categories.push(created);
      return HttpResponse.json(okBody(created));
    }),
    http.put(`${API}/business-guide/categories/:id`, async ({ request, params }) => {
      const id = Number(params.id);
      const body = (await request.json()) as Omit<GuideCategory, 'id' | 'articleCount'>;
      put.push({ id, body });
      categories = categories.map((entry) => (entry.id === id ? { ...entry, ...body } : entry));
      return HttpResponse.json(okBody(categories.find((entry) => entry.id === id)));
    }),
    http.delete(`${API}/business-guide/categories/:id`, ({ params }) => {
      const id = Number(params.id);
      const target = categories.find((entry) => entry.id === id)!;
      if (target.articleCount > 0) {
        return HttpResponse.json(
          failBody('040009', `该分类下还有 ${target.articleCount} 篇文章，无法删除`),
          { status: 409 },
        );
      }
      deleted.push(id);
      categories = categories.filter((entry) => entry.id !== id);
      return HttpResponse.json(okBody(null));
    }),
    http.get(`${API}/business-guide/articles`, () =>
      HttpResponse.json(okBody({ pageIndex: 1, pageSize: 10, total: 0, pages: 0, rows: [] })),
    ),
  );
});

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider button={{ autoInsertSpace: false }}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}

// Plain DOM queries here: role queries over the whole table are slow on a busy machine.
const rowTexts = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, 5).map((cell) => cell.textContent),
  );

/**
 * A dialog by its title. In tests rc-util gives every generated id the value
 * "test-id", so `aria-labelledby` cannot name it here; the browser tests check the
 * accessible names.
 */
function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    // The last one: a confirmation opens above the dialog it belongs to.
    const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].findLast(
      (element) => element.querySelector('.ant-modal-title')?.textContent === title,
    );
    expect(dialog).toBeDefined();
    return dialog!;
  });
}

async function openDialog() {
  const user = userEvent.setup();
  render(wrap(<CategoryDialog open onClose={() => undefined} />));
  const dialog = await findDialog('业务指导分类');
  const table = within(dialog).getByRole('table', { name: '分类列表' });
  await waitFor(() => expect(rowTexts(table)).toHaveLength(3));
  return { user, dialog, table };
}

describe('the category dialog', { timeout: 60_000 }, () => {
  it('lists the categories in order with code, both names, order and article count', async () => {
    const { table } = await openDialog();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['编码', '中文名称', '英文名称', '排序', '文章数', '操作']);
    expect(rowTexts(table)).toEqual([
      ['laws', '法律', 'Laws', '10', '3'],
      ['regulations', '行政法规', 'Administrative regulations', '20', '2'],
      ['experience', '经验交流', 'Experience exchange', '30', '0'],
    ]);
  });

  it('adds a category after the contract schema accepts it, and sends it once', async () => {
    const { user, dialog, table } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: '新增分类' }));
    const form = within(dialog).getByRole('region', { name: '新增分类' });
    const code = within(form).getByRole('textbox', { name: '编码' });
    await waitFor(() => expect(code).toHaveFocus());

    // Empty fields: the contract's "required" message, in Chinese.
    await user.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(form).getAllByText('此项为必填项')).toHaveLength(3));
    // A code the schema refuses.
    await user.type(code, 'Bad Code');
    await waitFor(() => expect(within(form).getByText('此项的值无效')).toBeInTheDocument());
    expect(posted).toEqual([]);

    await user.clear(code);
    await user.type(code, 'city_notes');
    await user.type(within(form).getByRole('textbox', { name: '中文名称' }), '  城市笔记 ');
    await user.type(within(form).getByRole('textbox', { name: '英文名称' }), 'City notes');
    await user.dblClick(within(form).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '分类已添加' }));
    expect(posted).toEqual([
      { code: 'city_notes', name: '城市笔记', nameEn: 'City notes', sortOrder: 40 },
    ]);
    await waitFor(() =>
      expect(rowTexts(table).at(-1)).toEqual(['city_notes', '城市笔记', 'City notes', '40', '0']),
    );
    expect(within(dialog).queryByRole('region', { name: '新增分类' })).toBeNull();
  });

  it('shows a taken code beside the field', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: '新增分类' }));
    const form = within(dialog).getByRole('region', { name: '新增分类' });
    await user.type(within(form).getByRole('textbox', { name: '编码' }), 'laws');
    await user.type(within(form).getByRole('textbox', { name: '中文名称' }), '法律二');
    await user.type(within(form).getByRole('textbox', { name: '英文名称' }), 'Laws 2');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('已存在相同编码的分类')).toBeInTheDocument();
  });

  it('renames a category', async () => {
    const { user, dialog, table } = await openDialog();
    await user.click(within(table).getByRole('button', { name: '编辑分类 experience' }));
    const form = within(dialog).getByRole('region', { name: '编辑分类“experience”' });
    expect(within(form).getByRole('textbox', { name: '编码' })).toHaveValue('experience');
    const name = within(form).getByRole('textbox', { name: '中文名称' });
    await user.clear(name);
    await user.type(name, '经验分享');
    await user.click(within(form).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '分类已保存' }));
    expect(put).toEqual([
      {
        id: 3,
        body: {
          code: 'experience',
          name: '经验分享',
          nameEn: 'Experience exchange',
          sortOrder: 30,
        },
      },
    ]);
    await waitFor(() => expect(rowTexts(table)[2]).toContain('经验分享'));
  });

  it("shows the server's refusal to delete a category that has articles", async () => {
    const { user, dialog, table } = await openDialog();
    await user.click(within(table).getByRole('button', { name: '删除分类 laws' }));
    const confirm = await findDialog('确定删除分类“法律”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('分类未删除');
    expect(alert).toHaveTextContent('该分类下还有 3 篇文章，无法删除');
    expect(deleted).toEqual([]);
    expect(rowTexts(table)).toHaveLength(3);
  });

  it('deletes an empty category after the confirmation', async () => {
    const { user, table } = await openDialog();
    await user.click(within(table).getByRole('button', { name: '删除分类 experience' }));
    const confirm = await findDialog('确定删除分类“经验交流”吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '分类已删除' }));
    expect(deleted).toEqual([3]);
    await waitFor(() => expect(rowTexts(table)).toHaveLength(2));
  });
});

describe('the list page', { timeout: 60_000 }, () => {
  function renderPage(roleIds: string[]) {
    useUserStore.getState().signedIn('token-1', 'someone', userData({ roleIds }));
    return render(
      wrap(
        <MemoryRouter initialEntries={['/business_guide/table']}>
          <GuideTablePage />
        </MemoryRouter>,
      ),
    );
  }

  it('gives administrators the category dialog, loaded when opened', async () => {
    const user = userEvent.setup();
    renderPage(['admin']);
    await user.click(await screen.findByRole('button', { name: '管理分类' }));
    const dialog = await findDialog('业务指导分类');
    expect(within(dialog).getByRole('table', { name: '分类列表' })).toBeInTheDocument();
  });

  it('does not offer it to editors', async () => {
    renderPage(['editor']);
    expect(await screen.findByRole('button', { name: '新建文章' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '管理分类' })).toBeNull();
  });
});
