import { describe, expect, it } from 'vitest';
import { frameAddress } from './frame-address';

describe('frameAddress', () => {
  const identity = { token: 't0k', username: 'admin', id: '7', roleIds: ['admin', 'staff'] };
  const origin = 'https://ops.example.org/';

  it('carries token, user, id, comma-joined roleIds, embed=true and the extra query', () => {
    const address = new URL(
      frameAddress('/demo-subsystem.html', identity, { system: 'hotline' }, origin),
    );
    expect(address.origin + address.pathname).toBe('https://ops.example.org/demo-subsystem.html');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      system: 'hotline',
      token: 't0k',
      user: 'admin',
      id: '7',
      roleIds: 'admin,staff',
      embed: 'true',
    });
  });

  it('is empty for an empty url', () => {
    expect(frameAddress('', identity, { a: 'b' }, origin)).toBe('');
    expect(frameAddress('   ', identity, {}, origin)).toBe('');
  });

  it('keeps the url own query and lets no extra query override the identity', () => {
    const address = new URL(
      frameAddress(
        'https://other.example.com/app?lang=zh',
        identity,
        { token: 'x', embed: 'no' },
        origin,
      ),
    );
    expect(address.origin).toBe('https://other.example.com');
    expect(address.searchParams.get('lang')).toBe('zh');
    expect(address.searchParams.get('token')).toBe('t0k');
    expect(address.searchParams.get('embed')).toBe('true');
  });

  it('puts the query inside the hash of a hash-router address', () => {
    const address = frameAddress('/#/business_guide/table?tab=laws', identity, { k: 'v' }, origin);
    const [path, query] = new URL(address).hash.slice(1).split('?');
    expect(path).toBe('/business_guide/table');
    const params = new URLSearchParams(query);
    expect(params.get('tab')).toBe('laws');
    expect(params.get('k')).toBe('v');
    expect(params.get('embed')).toBe('true');
    expect(new URL(address).search).toBe('');
  });

  it('encodes values safely', () => {
    const address = new URL(
      frameAddress('/p', { ...identity, username: 'a&b=c' }, { q: '1 2' }, origin),
    );
    expect(address.searchParams.get('user')).toBe('a&b=c');
    expect(address.searchParams.get('q')).toBe('1 2');
  });

  describe('without an identity', () => {
    const carriesIdentity = (address: string) => /[?&#](token|user|id|roleIds)=/.test(address);

    it.each([
      'https://evil.example/app',
      'https://evil.example/app?token=mine&user=me&id=1&roleIds=x',
      '/demo-subsystem.html?token=leftover',
      '/#/business_guide/table?user=someone',
    ])('carries nothing of the user to %s, not even what its address names', (url) => {
      const address = frameAddress(url, null, { token: 'x', system: 's' }, origin);
      expect(address).not.toBe('');
      expect(carriesIdentity(address)).toBe(false);
      expect(address).not.toContain('t0k');
      expect(address).toContain('system=s');
      expect(address).toContain('embed=true');
    });

    it.each([
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'https://video.example.gov@evil.example/',
      'https://user:pw@ops.example.org/',
    ])('gives no address at all for %s', (url) => {
      expect(frameAddress(url, identity, {}, origin)).toBe('');
      expect(frameAddress(url, null, {}, origin)).toBe('');
    });
  });
});
