import type { RuntimeConfig } from '@cityops/contract';

const fallback: RuntimeConfig = {
  apiBaseUrl: '/api',
  routerMode: 'history',
  systemName: '城市运行管理服务平台',
  subsystemOrigins: [],
  idleMinutes: 0,
};

let current: RuntimeConfig = fallback;

/**
 * Reads `/config.json` (served by the server from its environment) before the
 * first render, so one build runs under any address, router mode and name.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl(`${import.meta.env.BASE_URL}config.json`, {
      cache: 'no-cache',
    });
    if (response.ok) {
      const body = (await response.json()) as Partial<RuntimeConfig>;
      current = {
        apiBaseUrl: typeof body.apiBaseUrl === 'string' ? body.apiBaseUrl : fallback.apiBaseUrl,
        routerMode: body.routerMode === 'hash' ? 'hash' : 'history',
        systemName:
          typeof body.systemName === 'string' && body.systemName
            ? body.systemName
            : fallback.systemName,
        subsystemOrigins: Array.isArray(body.subsystemOrigins)
          ? body.subsystemOrigins.filter((origin): origin is string => typeof origin === 'string')
          : [],
        idleMinutes:
          typeof body.idleMinutes === 'number' &&
          Number.isInteger(body.idleMinutes) &&
          body.idleMinutes > 0
            ? body.idleMinutes
            : 0,
      };
    }
  } catch {
    // Without config.json the defaults serve the usual single-origin install.
  }
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}

/** For tests. */
export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...current, ...config };
}
