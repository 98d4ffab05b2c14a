import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import type * as Zustand from 'zustand';
import { queryClient } from '@/lib/query-client';
import { resetStores, withStoreReset } from './store-reset';

// The files share modules (isolate: false, vitest.config.ts): each starts from the state
// a fresh import would give it. This setup runs again before every file.
vi.mock('zustand', async (importOriginal) =>
  withStoreReset(await importOriginal<typeof Zustand>()),
);
beforeAll(() => {
  resetStores();
  queryClient.clear();
  // After resetStores, not only in afterEach: putting a persisted store back writes its
  // first state to storage, which a file expects to start without.
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split('; ').forEach((cookie) => {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
