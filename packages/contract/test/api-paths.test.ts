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
      // The OpenID Connect provider's addresses are at the product's root (tested below).
      .filter(([name]) => name !== 'OIDC_PATHS')
      .flatMap(([name, value]) =>
        typeof value === 'string' ? [[name, value]] : Object.entries(value as object),
      )
      .map(([, path]) => path as string);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) expect(path).toMatch(/^\/[\w-]+(\/[\w:-]+)*$/);
    // UPLOAD_PATH is FILE_PATHS.upload; QR_MOBILE_PAGE_PATH and SSO_PAGE_PATH are web pages.
    const apiPaths = paths.filter(
      (path) => path !== contract.QR_MOBILE_PAGE_PATH && path !== contract.SSO_PAGE_PATH,
    );
    expect(new Set(apiPaths).size).toBe(apiPaths.length - 1);
  });

  it("puts the provider's addresses at the root, apart from the API's", () => {
    const paths = Object.values(contract.OIDC_PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/(oidc(\/[\w:-]+)+|\.well-known\/[\w-]+)$/);
  });
});
