import { gzipSync } from 'node:zlib';
import { type Page, type Response, chromium } from 'playwright-core';

export interface Asset {
  /** Path of the file on the server, e.g. /assets/login-abc123.js. */
  path: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface AssetSet {
  assets: Asset[];
  bytes: number;
  gzipBytes: number;
}

/** Protected addresses a signed-out visitor may open first: each must cost no more than /login. */
export const SIGNED_OUT_PATHS = ['/', '/business_guide/table', '/amap'] as const;

export interface BundleResult {
  login: AssetSet;
  /** What a signed-out first visit to each protected address loads before the login form shows. */
  signedOut: Record<string, AssetSet>;
  /** What the first screen after sign-in loads on top of the login page's files. */
  firstScreen: AssetSet;
}

function kindOf(response: Response): 'js' | 'css' | null {
  const type = response.request().resourceType();
  const path = new URL(response.url()).pathname;
  if (type === 'script' || path.endsWith('.js') || path.endsWith('.mjs')) return 'js';
  if (type === 'stylesheet' || path.endsWith('.css')) return 'css';
  return null;
}

/** Records every JS and CSS file the page receives, once per address. */
function recordAssets(page: Page) {
  const seen = new Map<string, Promise<Asset | null>>();
  page.on('response', (response) => {
    const kind = kindOf(response);
    const url = response.url();
    if (!kind || seen.has(url) || !url.startsWith('http')) return;
    seen.set(
      url,
      response
        .body()
        .then((body) => ({
          path: new URL(url).pathname,
          kind,
          bytes: body.length,
          // The server sends files uncompressed (a proxy in front compresses), so the
          // gzip size is computed here, at zlib's default level as gzip and nginx use.
          gzipBytes: gzipSync(body).length,
        }))
        .catch(() => null),
    );
  });
  return {
    urls: () => [...seen.keys()],
    async collect(urls: string[]): Promise<AssetSet> {
      const assets = (await Promise.all(urls.map((url) => seen.get(url)!))).filter(
        (asset): asset is Asset => asset !== null,
      );
      assets.sort((a, b) => b.gzipBytes - a.gzipBytes);
      return {
        assets,
        bytes: assets.reduce((sum, asset) => sum + asset.bytes, 0),
        gzipBytes: assets.reduce((sum, asset) => sum + asset.gzipBytes, 0),
      };
    },
  };
}

/**
 * Loads the login page in Chromium, each protected address in a fresh signed-out
 * context, then signs in through the form and waits for the shell with its menu:
 * the JS and CSS of each step, in raw and gzip bytes.
 */
export async function measureBundle(
  baseUrl: string,
  account: { username: string; password: string },
): Promise<BundleResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const recorder = recordAssets(page);

    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    const loginUrls = recorder.urls();

    const signedOut: Record<string, AssetSet> = {};
    for (const address of SIGNED_OUT_PATHS) {
      const visit = await browser.newContext({ locale: 'zh-CN' });
      const visitor = await visit.newPage();
      const visited = recordAssets(visitor);
      await visitor.goto(`${baseUrl}${address}`, { waitUntil: 'networkidle' });
      await visitor.getByRole('button', { name: '登录', exact: true }).waitFor();
      signedOut[address] = await visited.collect(visited.urls());
      await visit.close();
    }

    await page.getByLabel('用户名', { exact: true }).fill(account.username);
    await page.getByLabel('密码', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('menuitem').first().waitFor({
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    const afterUrls = recorder.urls().filter((url) => !loginUrls.includes(url));

    return {
      login: await recorder.collect(loginUrls),
      signedOut,
      firstScreen: await recorder.collect(afterUrls),
    };
  } finally {
    await browser.close();
  }
}
