import { afterEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return import('./runtime-config');
}

const json = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

afterEach(() => vi.resetModules());

describe('runtime configuration (config.json, read before the first render)', () => {
  it('reads the API base URL, router mode and system name from config.json', async () => {
    const { loadRuntimeConfig, runtimeConfig } = await load();
    const fetchImpl = json({
      apiBaseUrl: 'https://api.city.example/api',
      routerMode: 'hash',
      systemName: 'City operations',
      subsystemOrigins: ['https://video.example.gov', 42],
      idleMinutes: 15,
    });

    const config = await loadRuntimeConfig(fetchImpl);

    expect(fetchImpl).toHaveBeenCalledWith('/config.json', { cache: 'no-cache' });
    expect(config).toEqual({
      apiBaseUrl: 'https://api.city.example/api',
      routerMode: 'hash',
      systemName: 'City operations',
      subsystemOrigins: ['https://video.example.gov'],
      idleMinutes: 15,
    });
    expect(runtimeConfig()).toEqual(config);
  });

  it('keeps the defaults for values that are missing or wrong', async () => {
    const { loadRuntimeConfig } = await load();
    const config = await loadRuntimeConfig(
      json({ apiBaseUrl: 42, routerMode: 'memory', systemName: '', idleMinutes: -5 }),
    );
    expect(config).toEqual({
      apiBaseUrl: '/api',
      routerMode: 'history',
      systemName: '城市运行管理服务平台',
      subsystemOrigins: [],
      idleMinutes: 0,
    });
  });

  it('runs on the defaults when config.json is absent or unreachable', async () => {
    let module = await load();
    expect(await module.loadRuntimeConfig(json({ apiBaseUrl: '/x' }, 404))).toMatchObject({
      apiBaseUrl: '/api',
    });
    module = await load();
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await module.loadRuntimeConfig(offline)).toMatchObject({
      apiBaseUrl: '/api',
      routerMode: 'history',
    });
  });
});
