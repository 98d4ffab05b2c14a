import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { ConsoleDialog } from './console-dialog';

beforeAll(async () => {
  await initI18n('zh-CN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ConsoleDialog', () => {
  it('offers 保存 and 取消 by default and closes only by its buttons', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConsoleDialog open title="编辑角色" onOk={onOk} onCancel={onCancel}>
        <p>内容</p>
      </ConsoleDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: '编辑角色' });
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(onOk).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onCancel).toHaveBeenCalledOnce();
    // A click on the mask beside the dialog loses nothing.
    const wrap = dialog.closest('.ant-modal-wrap');
    expect(wrap).not.toBeNull();
    await userEvent.click(wrap as HTMLElement);
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('fits the window: its body scrolls between a fixed title and buttons', async () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(768);
    render(
      <ConsoleDialog open title="编辑菜单项" onCancel={() => undefined}>
        <p>内容</p>
      </ConsoleDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: '编辑菜单项' });
    const modal = dialog.closest<HTMLElement>('.ant-modal')!;
    const container = dialog.querySelector<HTMLElement>('.ant-modal-container')!;
    const body = dialog.querySelector<HTMLElement>('.ant-modal-body')!;
    // 768 / 12 = 64 above, 24 below: 768 - 64 - 24.
    expect(modal.style.top).toBe('64px');
    expect(container.style.maxHeight).toBe('680px');
    expect(container.style.display).toBe('flex');
    expect(body.style.overflowY).toBe('auto');
    expect(body.style.minHeight).toBe('0px');
  });
});
