import { describe, expect, it } from 'vitest';
import * as contract from '../src/index.js';
import { GUIDE_PATHS, ORGAN_PATHS, USER_PATHS, fillPath } from '../src/api-paths.js';

describe('API paths', () => {
  it('fills each :name segment with its value, encoded', () => {
    expect(fillPath(GUIDE_PATHS.publish, { id: 7 })).toBe('/business-guide/articles/7/publish');
    expect(fillPath(USER_PATHS.update, { id: 'a/b c' })).toBe('/organization/user/a%2Fb%20c');
    expect(fillPath(ORGAN_PATHS.departments, { orgId: 'o-1' })).toBe(
      '/organization/organ/cascade/o-1',
    );
    expect(fillPath(GUIDE_PATHS.articles, {})).toBe('/business-guide/articles');
  });

  it('names each path once, below /api', () => {
    const paths = Object.entries(contract)
      .filter(([name]) => name.endsWith('_PATHS') || name.endsWith('_PATH'))
      .flatMap(([name, value]) =>
        typeof value === 'string' ? [[name, value]] : Object.entries(value as object),
      )
      .map(([, path]) => path as string);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) expect(path).toMatch(/^\/[\w-]+(\/[\w:-]+)*$/);
    // UPLOAD_PATH is FILE_PATHS.upload, and QR_MOBILE_PAGE_PATH is a web page, not an API path.
    const apiPaths = paths.filter((path) => path !== contract.QR_MOBILE_PAGE_PATH);
    expect(new Set(apiPaths).size).toBe(apiPaths.length - 1);
  });
});
