import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { bindToastApi } from '@/lib/toast';
import { useUserStore } from '@/stores/user-store';
import { userData } from '@/testing/fixtures';
import { BilingualNameFields } from './bilingual-name-fields';
import { ConsoleListPage, type ConsoleListPageProps } from './console-list-page';

interface Thing {
  id: number;
  name: string;
}

const rows: Thing[] = [
  { id: 1, name: '甲' },
  { id: 2, name: '乙' },
];
const idle = { isFetching: false, isError: false, refetch: vi.fn() };

function renderPage(patch: Partial<ConsoleListPageProps<Thing>> = {}) {
  return render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <ConsoleListPage<Thing>
        id="things-title"
        heading="物品"
        list={idle}
        rows={rows}
        rowKey="id"
        columns={[{ key: 'name', dataIndex: 'name', title: '名称' }]}
        tableLabel="物品列表"
        emptyText="没有物品"
        {...patch}
      />
    </ConfigProvider>,
  );
}

beforeAll(async () => {
  await initI18n('zh-CN');
});
afterEach(() => useUserStore.getState().resetToken());

describe('ConsoleListPage', () => {
  it('shows the create button to holders of its code only', () => {
    const onClick = vi.fn();
    useUserStore.getState().signedIn('t', 'admin', userData({ permissions: [] }));
    const { unmount } = renderPage({
      create: { label: '新建物品', code: 'system:role:create', onClick },
    });
    expect(screen.getByRole('region', { name: '物品' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建物品' })).toBeNull();
    unmount();
    useUserStore
      .getState()
      .signedIn('t', 'admin', userData({ permissions: ['system:role:create'] }));
    renderPage({ create: { label: '新建物品', code: 'system:role:create', onClick } });
    expect(screen.getByRole('button', { name: '新建物品' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });

  it('searches on Enter, or as the person types when live', async () => {
    const onSearch = vi.fn();
    const { unmount } = renderPage({ search: { label: '查找物品', onSearch } });
    const box = within(screen.getByRole('search', { name: '查找物品' })).getByRole('searchbox');
    await userEvent.type(box, '甲{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('甲');
    unmount();
    onSearch.mockClear();
    renderPage({ search: { label: '查找物品', live: true, onSearch } });
    await userEvent.type(screen.getByRole('searchbox', { name: '查找物品' }), '乙');
    expect(onSearch).toHaveBeenLastCalledWith('乙');
  });

  it('asks before a delete, runs it on OK and says it is done', async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
    bindToastApi(toasts);
    const run = vi.fn(async () => undefined);
    renderPage({
      rowActions: (row) => [
        {
          key: 'delete',
          label: '删除',
          ariaLabel: `删除 ${row.name}`,
          danger: true,
          confirm: {
            title: `删除 ${row.name}？`,
            content: '不可撤销',
            okText: '删除',
            run,
            done: '已删除',
          },
        },
      ],
    });
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '删除 乙' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('删除 乙？');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '已删除' }));
    expect(run).toHaveBeenCalledOnce();
  });

  it('says when the list is empty, and offers a retry when it failed to load', async () => {
    const refetch = vi.fn();
    renderPage({ rows: [], list: { isFetching: false, isError: true, refetch } });
    expect(screen.getByText('没有物品')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    await userEvent.click(within(alert).getByRole('button'));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('pages, and starts again at the first page for a new page size', async () => {
    const onChange = vi.fn();
    renderPage({
      pagination: {
        pageIndex: 1,
        pageSize: 1,
        total: 2,
        totalExact: true,
        totalText: (count) => `共 ${count} 件`,
        onChange,
      },
    });
    expect(screen.getByText('共 2 件')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    expect(onChange).toHaveBeenCalledWith({ pageIndex: 2, pageSize: 1 });
  });

  it('says "more than" a total the server stopped counting at, in both languages (issue 33)', async () => {
    const pagination = {
      pageIndex: 1,
      pageSize: 20,
      total: 10_000,
      totalExact: false,
      totalText: (count: number) => `共 ${count} 件`,
      onChange: vi.fn(),
    };
    const { unmount } = renderPage({ pagination });
    expect(screen.getByText('超过 10,000 条')).toBeInTheDocument();
    expect(screen.queryByText('共 10000 件')).not.toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('en');
    try {
      renderPage({ pagination });
      expect(screen.getByText('More than 10,000')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});

describe('BilingualNameFields', () => {
  it('labels both names, the English one optional', async () => {
    function Names() {
      const [form] = Form.useForm();
      return (
        <Form form={form} name="names" initialValues={{ name: '', nameEn: '' }}>
          <BilingualNameFields />
          <button type="button" onClick={() => void form.validateFields().catch(() => undefined)}>
            check
          </button>
        </Form>
      );
    }
    render(<Names />);
    expect(screen.getByRole('textbox', { name: /英文名称/ })).toHaveAttribute('lang', 'en');
    await userEvent.click(screen.getByRole('button', { name: 'check' }));
    // Only the Chinese name is required.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /中文名称/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.getByRole('textbox', { name: /英文名称/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
