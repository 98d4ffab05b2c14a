import type { Language } from '@cityops/contract';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { testServer } from './api-server';

/**
 * Runs the shared msw server (`testServer`) around the calling test file: an
 * unhandled request fails the test and each test's handlers are dropped after
 * it. The texts are loaded in `language` first.
 */
export function startTestServer(language: Language) {
  beforeAll(async () => {
    testServer.listen({ onUnhandledRequest: 'error' });
    await initI18n(language);
  });
  afterEach(() => testServer.resetHandlers());
  afterAll(() => testServer.close());
}
