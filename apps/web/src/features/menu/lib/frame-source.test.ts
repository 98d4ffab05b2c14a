import type { FrameToken } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { frameSource, frameTarget, inRouterMode, subsystemTokenFor } from './frame-source';

const base = 'https://ops.example.org/business_guide/table';

describe('frameTarget', () => {
  it.each([
    ['/business_guide/table', 'history'],
    ['/business_guide/table', 'hash'],
    ['/#/amap?x=1', 'history'],
    ['https://ops.example.org/system/users', 'history'],
    ['/', 'history'],
  ] as const)('takes %s (%s) for a page of the product', (url, mode) => {
    expect(frameTarget(url, mode, base)).toEqual({ kind: 'product-page' });
  });

  it.each([
    ['/demo-subsystem.html', 'https://ops.example.org'],
    ['/demo-subsystem.html?system=x', 'https://ops.example.org'],
    ['/files/report.PDF', 'https://ops.example.org'],
    ['/api/system/users', 'https://ops.example.org'],
    ['/oidc/auth', 'https://ops.example.org'],
    ['/.well-known/openid-configuration', 'https://ops.example.org'],
    ['https://video.example.gov/app', 'https://video.example.gov'],
    ['http://ops.example.org/business_guide', 'http://ops.example.org'],
    ['https://ops.example.org:8443/', 'https://ops.example.org:8443'],
    ['/\\evil.example', 'https://evil.example'],
    ['\\\\evil.example', 'https://evil.example'],
    ['//evil.example/x', 'https://evil.example'],
    ['  //evil.example', 'https://evil.example'],
    ['/\t/evil.example', 'https://evil.example'],
  ] as const)('takes %s for something else, of the origin %s', (url, origin) => {
    expect(frameTarget(url, 'history', base)).toEqual({ kind: 'elsewhere', origin });
  });

  it.each(['', '  ', 'javascript:alert(1)', 'https://user:pw@ops.example.org/'])(
    'has no target for %j',
    (url) => {
      expect(frameTarget(url, 'history', base)).toEqual({ kind: 'none' });
    },
  );
});

describe('subsystemTokenFor', () => {
  const answer = (patch: Partial<FrameToken>): FrameToken => ({
    token: 'eyJ.sub.sig',
    origin: 'https://video.example.gov',
    clientId: 'video',
    expiresIn: 300,
    ...patch,
  });
  const video = frameTarget('https://video.example.gov/app', 'history', base);

  it('gives the token issued for the very origin the frame loads', () => {
    expect(subsystemTokenFor(video, answer({}))).toBe('eyJ.sub.sig');
  });

  it.each([
    ['another origin', answer({ origin: 'https://evil.example' })],
    ['another scheme', answer({ origin: 'http://video.example.gov' })],
    ['another port', answer({ origin: 'https://video.example.gov:444' })],
    ['no origin', answer({ origin: null })],
    ['no token', answer({ token: null, origin: null, clientId: null })],
    ['no answer', undefined],
  ])('gives nothing for an answer with %s', (_name, given) => {
    expect(subsystemTokenFor(video, given)).toBeNull();
  });

  it('gives nothing to a page of the product or an empty address', () => {
    const own = answer({ origin: 'https://ops.example.org' });
    expect(subsystemTokenFor(frameTarget('/amap', 'history', base), own)).toBeNull();
    expect(subsystemTokenFor(frameTarget('', 'history', base), own)).toBeNull();
  });
});

describe('frameSource', () => {
  const identity = { token: 't0k', username: 'admin', id: '7', roleIds: ['admin'] };

  it('puts a product page behind the hash in hash mode, not a file', () => {
    expect(inRouterMode('/amap', 'hash')).toBe('/#/amap');
    expect(inRouterMode('/demo-subsystem.html', 'hash')).toBe('/demo-subsystem.html');
    const address = frameSource('/amap', {}, identity, 'hash', base);
    expect(address.startsWith('https://ops.example.org/#/amap?')).toBe(true);
    expect(address).toContain('token=t0k');
  });
});
