import type { MenuEntry } from '@cityops/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@/lib/runtime-config';
import { useAppStore } from '@/stores/app-store';
import { openMessageLink } from './open-message-link';

const entry = (code: string, url: string, children: MenuEntry[] = []): MenuEntry => ({
  code,
  name: code,
  nameEn: code,
  icon: null,
  hasTwo: false,
  sysModelVos: [],
  children,
  sysModels: { id: code, url, query: {}, integrated: false },
});

beforeEach(() => {
  useAppStore.getState().resetSystem();
  useAppStore.setState({
    menuList: [
      entry('command_coordination', '', [
        entry('video', 'https://video.example.gov/app'),
        entry('dispatch', '/demo-subsystem.html'),
      ]),
    ],
  });
  setRuntimeConfig({ subsystemOrigins: ['https://gis.example.gov'] });
});

describe('openMessageLink', () => {
  it.each([
    '/demo-subsystem.html?system=event_dispatch',
    'https://video.example.gov/app#/camera/3',
    'https://gis.example.gov/map',
  ])('opens %s (the product or a configured subsystem) in the frame', (link) => {
    expect(openMessageLink(link, 'command_coordination', 'title')).toBe(true);
    expect(useAppStore.getState().isIframe).toBe(true);
    expect(useAppStore.getState().iframeUrl).toBe(link);
  });

  it.each([
    '/\\evil.example',
    '\\\\evil.example',
    '//evil.example',
    ' //evil.example',
    '/\t/evil.example',
    'https://video.example.gov@evil.example/',
    'https://evil.example/',
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'https:evil.example',
    'https:/evil.example',
    'http:evil.example',
    'https:///evil.example',
    '/\u200b/evil.example',
  ])('does not open %s', (link) => {
    expect(openMessageLink(link, 'command_coordination', 'title')).toBe(false);
    expect(useAppStore.getState().isIframe).toBe(false);
  });

  it('does not open a link whose menu code the reader does not have', () => {
    expect(openMessageLink('/demo-subsystem.html', 'public_service', 'title')).toBe(false);
  });
});
