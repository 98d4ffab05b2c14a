import { type DictionaryItem, type DictionaryType, PERMISSION_CODES } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import { findDialog, page, renderWithClient, rowTexts, signInWith } from '../test-support';
import { DictionaryPage } from './dictionary-page';

configure({ asyncUtilTimeout: 15_000 });

const typeOf = (id: number, code: string, name: string, nameEn = name): DictionaryType => ({
  id,
  code,
  name,
  nameEn,
  sortOrder: id,
  version: 1,
});

let types: DictionaryType[] = [];
let items: DictionaryItem[] = [];
let written: { method: string; path: string; body: unknown }[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  types = [typeOf(1, 'incident.kind', '事件类别', 'Incident kind'), typeOf(2, 'grid', '网格')];
  items = [{ ...typeOf(11, '01', '道路保洁', 'Road cleaning'), typeId: 1 }];
  written = [];
  const record = async (request: Request, path: string) => {
    written.push({ method: request.method, path, body: await request.json().catch(() => null) });
  };
  testServer.use(
    http.get(`${API}/system/dictionary/types`, ({ request }) => {
      const keyword = new URL(request.url).searchParams.get('keyword') ?? '';
      return HttpResponse.json(okBody(page(types.filter((type) => type.name.includes(keyword)))));
    }),
    http.get(`${API}/system/dictionary/types/:id`, ({ params }) =>
      HttpResponse.json(okBody(types.find((type) => type.id === Number(params.id)))),
    ),
    http.get(`${API}/system/dictionary/items`, ({ request }) => {
      const typeId = Number(new URL(request.url).searchParams.get('typeId'));
      return HttpResponse.json(okBody(page(items.filter((item) => item.typeId === typeId))));
    }),
    http.post(`${API}/system/dictionary/types`, async ({ request }) => {
      await record(request, 'types');
      const body = written.at(-1)!.body as DictionaryType;
      if (body.code === 'grid') {
        return HttpResponse.json(
          {
            ...failBody('040009', '该编码已被使用'),
            data: { fields: [{ field: 'code', message: '该编码已被使用' }] },
          },
          { status: 409 },
        );
      }
      await delay(30);
      types.push({ ...body, id: 3, version: 1 });
      return HttpResponse.json(okBody(types.at(-1)));
    }),
    http.post(`${API}/system/dictionary/items`, async ({ request }) => {
      await record(request, 'items');
      const body = written.at(-1)!.body as DictionaryItem;
      items.push({ ...body, id: 12, version: 1 });
      return HttpResponse.json(okBody(items.at(-1)));
    }),
    http.put(`${API}/system/dictionary/types/:id`, async ({ request, params }) => {
      await record(request, `types/${params.id}`);
      const target = types.find((type) => type.id === Number(params.id))!;
      const body = written.at(-1)!.body as DictionaryType;
      if (body.version !== target.version) {
        return HttpResponse.json(failBody('040009', '该记录在您打开后已被他人修改'), {
          status: 409,
        });
      }
      Object.assign(target, body, { version: target.version + 1 });
      return HttpResponse.json(okBody(target));
    }),
    http.delete(`${API}/system/dictionary/types/:id`, ({ params, request }) => {
      written.push({
        method: 'DELETE',
        path: `types/${params.id}${new URL(request.url).search}`,
        body: null,
      });
      if (items.some((item) => item.typeId === Number(params.id))) {
        return HttpResponse.json(failBody('040009', '仍有其他数据使用此项，请先删除这些数据'), {
          status: 409,
        });
      }
      types = types.filter((type) => type.id !== Number(params.id));
      return HttpResponse.json(okBody(null));
    }),
  );
});

async function renderPage(permissions: string[] = [...PERMISSION_CODES]) {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<DictionaryPage />);
  const table = await screen.findByRole('table', { name: '字典类型' });
  await waitFor(() => expect(rowTexts(table)).toHaveLength(2));
  return { user, table };
}

describe('the data dictionary page', { timeout: 60_000 }, () => {
  it('adds a type once however often save is pressed, and says a code in use beside it', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '新增类型' }));
    const dialog = await findDialog('新增字典类型');
    const code = within(dialog).getByRole('textbox', { name: '编码' });
    await user.type(code, '-bad');
    await waitFor(() => expect(within(dialog).getByText(/编码为 1 至 64 位/)).toBeInTheDocument());
    await user.clear(code);
    await user.type(code, 'grid');
    await user.type(within(dialog).getByRole('textbox', { name: '中文名称' }), '设施类型');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    // Beside the field, not as the dialog's failure.
    expect(await within(dialog).findByText('该编码已被使用')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.clear(code);
    await user.type(code, 'facility');
    await user.dblClick(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '保存成功' }));
    expect(
      written.filter((call) => call.body && (call.body as { code: string }).code === 'facility'),
    ).toEqual([
      {
        method: 'POST',
        path: 'types',
        body: { code: 'facility', name: '设施类型', nameEn: '', sortOrder: 0 },
      },
    ]);
  });

  it('opens a type’s items, adds one in it and goes back', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '查看 事件类别 的字典项' }));
    const itemsTable = await screen.findByRole('table', { name: '事件类别的字典项' });
    expect(screen.getByRole('heading', { name: '数据字典：事件类别' })).toBeInTheDocument();
    await waitFor(() => expect(rowTexts(itemsTable)).toEqual([['01', '道路保洁', '11']]));

    await user.click(screen.getByRole('button', { name: '新增字典项' }));
    const dialog = await findDialog('在“事件类别”中新增字典项');
    await user.type(within(dialog).getByRole('textbox', { name: '编码' }), '02');
    await user.type(within(dialog).getByRole('textbox', { name: '中文名称' }), '占道经营');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(rowTexts(itemsTable)).toHaveLength(2));
    expect(written.at(-1)).toMatchObject({ path: 'items', body: { typeId: 1, code: '02' } });

    await user.click(screen.getByRole('button', { name: '返回字典类型' }));
    expect(await screen.findByRole('table', { name: '字典类型' })).toBeInTheDocument();
  });

  it('reloads a type someone else changed, and shows why a type with items stays', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '编辑 事件类别' }));
    const dialog = await findDialog('编辑字典类型');
    Object.assign(types[0]!, { name: '事件类别（新）', version: 3 });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '该记录在您打开后已被他人修改',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: '中文名称' })).toHaveValue(
        '事件类别（新）',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: '取消' }));

    await user.click(within(table).getByRole('button', { name: '删除 事件类别（新）' }));
    await user.click(
      within(await findDialog('确定删除“事件类别（新）”吗？')).getByRole('button', {
        name: '删除',
      }),
    );
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        expect.objectContaining({ content: '仍有其他数据使用此项，请先删除这些数据' }),
      ),
    );
    expect(written.at(-1)).toMatchObject({ method: 'DELETE', path: 'types/1?version=3' });
    expect(types).toHaveLength(2);
  });

  it('offers a reader the items but no change', async () => {
    const { table } = await renderPage(['system:dictionary:read']);
    expect(screen.queryByRole('button', { name: '新增类型' })).toBeNull();
    expect(
      within(table).getByRole('button', { name: '查看 事件类别 的字典项' }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: '编辑 事件类别' })).toBeNull();
  });
});
