import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '@/lib/i18n';
import { menuEntry } from '@/testing/fixtures';
import { SidebarMenu } from './sidebar-menu';

const entries = [
  menuEntry('business_guide', { name: '业务指导', nameEn: 'Business guidance', icon: 'book' }),
  menuEntry('command_coordination', { name: '指挥协调', nameEn: 'Command coordination' }),
  menuEntry('data_exchange', { name: '数据交换', nameEn: '' }),
];

beforeAll(() => initI18n('zh-CN'));

function renderMenu(activeCode: string, onSelect = vi.fn()) {
  render(
    <SidebarMenu
      entries={entries}
      activeCode={activeCode}
      collapsed={false}
      theme="dark"
      onSelect={onSelect}
    />,
  );
  return onSelect;
}

describe('SidebarMenu', { timeout: 60_000 }, () => {
  it('lists the server entries and marks the active one by its code', () => {
    renderMenu('command_coordination');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['业务指导', '指挥协调', '数据交换']);
    expect(screen.getByRole('menuitem', { name: '指挥协调' })).toHaveClass(
      'ant-menu-item-selected',
    );
    expect(screen.getByRole('menuitem', { name: '业务指导' })).not.toHaveClass(
      'ant-menu-item-selected',
    );
  });

  it('hands the clicked entry to onSelect', async () => {
    const onSelect = renderMenu('business_guide');
    await userEvent.click(screen.getByRole('menuitem', { name: '数据交换' }));
    expect(onSelect).toHaveBeenCalledWith(entries[2]);
  });

  it('shows the titles in the active language, the Chinese name when there is no English one', async () => {
    await changeLanguage('en');
    renderMenu('business_guide');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Business guidance',
      'Command coordination',
      '数据交换',
    ]);
    await changeLanguage('zh-CN');
  });
});
