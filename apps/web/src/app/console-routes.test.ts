import { describe, expect, it } from 'vitest';
import { consoleRoutes } from './console-routes';
import { consoleMenuPages, consoleTitle } from './console-titles';

describe('console routes', () => {
  const routePaths = consoleRoutes.map((route) => route.path);
  const menuPaths = [...consoleMenuPages.keys()].filter((url) => url.startsWith('/system/'));

  it('serve every console page of the manifests, and only those', () => {
    expect([...routePaths].sort()).toEqual([...menuPaths].sort());
  });

  it('title each screen with its menu entry, in both languages', async () => {
    expect(consoleTitle('/system/units')).toEqual({
      en: 'Units and departments',
      'zh-CN': '单位与部门',
    });
    const units = consoleRoutes.find((route) => route.path === '/system/units')!;
    const loaded = (await (units.lazy as () => Promise<Record<string, unknown>>)()) as {
      Component?: unknown;
      handle?: unknown;
    };
    expect(loaded.Component).toBeTypeOf('function');
    expect(loaded.handle).toEqual({
      title: { en: 'Units and departments', 'zh-CN': '单位与部门' },
    });
  });
});
