import { describe, expect, it } from 'vitest';
import { isAllowedMessageLink, messageLinkAddress } from '../src/message-rules.js';

/** The product's address, https below a path (PUBLIC_URL) and plain http (a request's origin). */
const BASES = ['https://ops.city.example/console/', 'http://ops.city.example:8080/'];
const SUBSYSTEMS = new Set(['https://video.example.gov']);

describe('isAllowedMessageLink (issue 21)', () => {
  describe.each(BASES)('below %s', (base) => {
    const own = new URL(base).origin;

    it.each([
      // What the seeded messages use (pcUrl + pcRoute).
      '/demo-subsystem.html?system=video_surveillance',
      '/demo-subsystem.html?system=event_dispatch#top',
      '/demo-subsystem.html',
      '?system=event_dispatch',
      '#/camera/3',
      'demo-subsystem.html?system=x',
      '/page?next=https://elsewhere.example/&q=a%20b',
      `${own}/demo-subsystem.html?system=x`,
      `${own.toUpperCase()}/x`,
      'https://video.example.gov/app#/camera/3',
      'HTTPS://video.example.gov/app',
      'https://video.example.gov:443/app',
    ])('accepts %s', (link) => {
      expect(isAllowedMessageLink(link, base, SUBSYSTEMS)).toBe(true);
    });

    it.each([
      // Scheme-relative: another host.
      '//evil.example',
      '//evil.example/page',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '/demo-subsystem.html\\..\\x',
      // A scheme without its authority: a page of the base or another host, by the base's scheme.
      'https:evil.example',
      'https:/evil.example',
      'https:///evil.example',
      'http:x',
      'http:/x',
      'HTTP:evil.example',
      'https:\\\\evil.example',
      'https://',
      'http://?x',
      // Other schemes, and what only looks like a path.
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'ftp://video.example.gov/x',
      'evil.example:8080/x',
      'mailto:a@example.gov',
      // Control characters and whitespace, which the parser drops or keeps.
      '/\t/evil.example',
      '/\n/evil.example',
      '\r//evil.example',
      ' //evil.example',
      '/demo-subsystem.html ',
      '/\u0000x',
      '/\u001b[31m',
      '/\u007f',
      '/\u0085x',
      '/\u00a0/evil.example',
      '/\u200b/evil.example',
      '/\u202eevil',
      '/\u2028x',
      '/\u3000x',
      '\ufeff//evil.example',
      // Hosts the reader's token must not reach.
      'https://evil.example/x',
      'https://video.example.gov@evil.example/',
      'https://user:pass@video.example.gov/app',
      'https://video.example.gov.evil.example/',
      'http://video.example.gov/app',
      'https://video.example.gov:8443/app',
      '',
    ])('refuses %j', (link) => {
      expect(isAllowedMessageLink(link, base, SUBSYSTEMS)).toBe(false);
    });
  });

  it("is another host's page on http for what an https product would call its own", () => {
    // Why the authority-less forms are refused outright: the same text leads elsewhere on http.
    expect(new URL('https:evil.example', 'https://ops.city.example/').host).toBe(
      'ops.city.example',
    );
    expect(new URL('https:evil.example', 'http://ops.city.example/').host).toBe('evil.example');
    expect(messageLinkAddress('https:evil.example', 'https://ops.city.example/')).toBeNull();
  });

  it('resolves a path below the base as the browser does', () => {
    expect(messageLinkAddress('demo.html?x=1', BASES[0]!)?.href).toBe(
      'https://ops.city.example/console/demo.html?x=1',
    );
    expect(messageLinkAddress('/demo.html', BASES[0]!)?.href).toBe(
      'https://ops.city.example/demo.html',
    );
  });

  it('refuses everything when the base is not an address', () => {
    expect(isAllowedMessageLink('/demo-subsystem.html', 'not a url', SUBSYSTEMS)).toBe(false);
  });
});
