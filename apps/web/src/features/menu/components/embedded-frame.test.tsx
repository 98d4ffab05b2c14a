import type { MenuEntry } from '@cityops/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, registerTexts } from '@/lib/i18n';
import { layoutTexts } from '@/locales/layout-texts';
import { setRuntimeConfig } from '@/lib/runtime-config';
import { saveToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import { useUserStore } from '@/stores/user-store';
import { OTHER_ORIGIN_SANDBOX } from '../lib/frame-source';
import { EmbeddedFrame } from './embedded-frame';

function entry(url: string, query: Record<string, string> = {}): MenuEntry {
  return {
    code: 'hotline',
    name: '热线',
    nameEn: 'Hotline',
    icon: null,
    hasTwo: false,
    sysModelVos: [],
    children: [],
    sysModels: { id: '9', url, query, integrated: false },
  };
}

beforeAll(async () => {
  await initI18n('zh-CN');
  registerTexts(layoutTexts);
});

beforeEach(() => {
  useAppStore.setState({ menuList: [] });
  saveToken('secret-token-1234');
  useUserStore.setState({
    username: 'operator',
    userData: {
      username: 'operator',
      id: '12',
      userId: '12',
      roleIds: ['staff', 'editor'],
      permissions: [],
      name: 'Operator',
      mobile: '',
      organizationId: null,
      departmentId: null,
      headImage: null,
    },
  });
});

describe('EmbeddedFrame', () => {
  it('opens a page of the product with the identity and the entry query, not sandboxed', () => {
    render(
      <EmbeddedFrame
        entry={entry('/demo-subsystem.html', { system: 'hotline' })}
        title="Hotline"
        visible
      />,
    );
    const frame = screen.getByTitle('Hotline');
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin).toBe(window.location.origin);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      system: 'hotline',
      token: 'secret-token-1234',
      user: 'operator',
      id: '12',
      roleIds: 'staff,editor',
      embed: 'true',
    });
    expect(frame).not.toHaveAttribute('sandbox');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('sandboxes a page of another site to what it needs', () => {
    useAppStore.setState({ menuList: [entry('https://gis.example.org/app')] });
    render(<EmbeddedFrame entry={entry('https://gis.example.org/app')} title="GIS" visible />);
    const frame = screen.getByTitle('GIS');
    expect(frame).toHaveAttribute('sandbox', OTHER_ORIGIN_SANDBOX);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(new URL(frame.getAttribute('src')!).searchParams.get('embed')).toBe('true');
  });

  it('gives a site that is neither in the menu nor configured no token', () => {
    useAppStore.setState({ menuList: [entry('/demo-subsystem.html')] });
    render(<EmbeddedFrame entry={entry('/\\evil.example/page')} title="Evil" visible />);
    const src = screen.getByTitle('Evil').getAttribute('src')!;
    expect(new URL(src).host).toBe('evil.example');
    expect(src).not.toContain('secret-token-1234');
    expect(new URL(src).searchParams.get('user')).toBeNull();
  });

  it('gives the token to a subsystem named in config.json', () => {
    setRuntimeConfig({ subsystemOrigins: ['https://gis.example.org'] });
    render(<EmbeddedFrame entry={entry('https://gis.example.org/app')} title="GIS" visible />);
    const src = new URL(screen.getByTitle('GIS').getAttribute('src')!);
    expect(src.searchParams.get('token')).toBe('secret-token-1234');
    setRuntimeConfig({ subsystemOrigins: [] });
  });

  it('leaves the frame empty when the url is empty', () => {
    render(<EmbeddedFrame entry={entry('')} title="Empty" visible />);
    expect(screen.getByTitle('Empty')).not.toHaveAttribute('src');
  });

  it('is hidden, not removed, while its tab is not showing', () => {
    const { rerender } = render(<EmbeddedFrame entry={entry('/a.html')} title="A" visible />);
    const frame = screen.getByTitle('A');
    rerender(<EmbeddedFrame entry={entry('/a.html')} title="A" visible={false} />);
    expect(screen.getByTitle('A')).toBe(frame);
    expect(frame).not.toBeVisible();
    // A new object for the same entry (a refetched menu) keeps the same address.
    const src = frame.getAttribute('src');
    rerender(<EmbeddedFrame entry={{ ...entry('/a.html') }} title="A" visible />);
    expect(screen.getByTitle('A').getAttribute('src')).toBe(src);
  });

  it('says when a page cannot load and offers it in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <EmbeddedFrame
        entry={entry('https://unreachable.example.gov.cn/app')}
        title="热线"
        visible
        loadTimeoutMs={50}
      />,
    );
    // jsdom loads no other site: the frame stays silent, as a refused or unreachable one does.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('“热线”未能在此处显示');
    await userEvent.click(screen.getByRole('button', { name: '在新窗口打开' }));
    expect(open).toHaveBeenCalledWith(
      expect.stringContaining('https://unreachable.example.gov.cn/app'),
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
  });
});
