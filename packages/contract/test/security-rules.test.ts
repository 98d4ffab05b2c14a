import { describe, expect, it } from 'vitest';
import {
  hasForbiddenControlCharacter,
  jsonMessageLink,
  mayCarryToken,
  pageIndexSchema,
  parseJsonMessage,
  parseOriginList,
  resolveLink,
} from '../src/index.js';

const base = 'https://ops.example.org/shell';
const own = 'https://ops.example.org';
const trusted = new Set(['https://video.example.gov']);

describe('resolveLink and mayCarryToken', () => {
  it.each([
    ['/demo-subsystem.html?x=1', own],
    ['?system=hotline', own],
    ['https://video.example.gov/app#/camera/3', 'https://video.example.gov'],
  ])('lets %s carry the token', (link, origin) => {
    const address = resolveLink(link, base)!;
    expect(address.origin).toBe(origin);
    expect(mayCarryToken(address, own, trusted)).toBe(true);
  });

  it.each([
    ['/\\evil.example', 'http(s) to evil.example through a backslash'],
    ['\\\\evil.example/x', 'two backslashes'],
    ['//evil.example', 'protocol-relative'],
    ['  //evil.example', 'leading spaces'],
    ['/\t/evil.example', 'a tab between the slashes'],
    ['/\n/evil.example', 'a newline between the slashes'],
    ['https://evil.example', 'another site'],
    ['https://ops.example.org.evil.example/', 'a look-alike host'],
    ['https://video.example.gov.evil.example/', 'a trusted name as a subdomain'],
    ['http://video.example.gov/', 'the trusted host on another scheme'],
  ])('keeps the token from %s (%s)', (link) => {
    const address = resolveLink(link, base);
    expect(address === null || !mayCarryToken(address, own, trusted)).toBe(true);
  });

  it.each([
    'javascript:alert(document.cookie)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://video.example.gov@evil.example/',
    'https://user:pass@ops.example.org/',
    '/\u0000/evil.example',
    'http://[not-an-address',
  ])('resolves %s to nothing', (link) => {
    expect(resolveLink(link, base)).toBeNull();
  });
});

describe('parseOriginList', () => {
  it('keeps well-formed origins, lower-cased, and drops the rest', () => {
    expect(
      parseOriginList('https://Video.example.gov/ http://gis.example:8080, javascript:x /\\evil *'),
    ).toEqual(['https://video.example.gov', 'http://gis.example:8080']);
  });
});

describe('json message links', () => {
  it('are pcUrl followed by pcRoute, from JSON, double-encoded JSON or the list form', () => {
    const json = JSON.stringify({ pcUrl: '/a.html', pcRoute: '?x=1' });
    expect(jsonMessageLink(parseJsonMessage(json)!)).toBe('/a.html?x=1');
    expect(jsonMessageLink(parseJsonMessage(JSON.stringify(json))!)).toBe('/a.html?x=1');
    expect(jsonMessageLink(parseJsonMessage('pcUrl:https://a.example;pcRoute:#/b')!)).toBe(
      'https://a.example#/b',
    );
    expect(parseJsonMessage('plain text')).toBeNull();
  });
});

describe('control characters and paging', () => {
  it('refuses C0 controls but tab, line feed and carriage return', () => {
    expect(hasForbiddenControlCharacter('a\tb\r\nc')).toBe(false);
    for (const code of [0, 1, 8, 11, 12, 14, 27, 31]) {
      expect(hasForbiddenControlCharacter(`a${String.fromCharCode(code)}b`)).toBe(true);
    }
  });

  it('bounds pageIndex', () => {
    expect(pageIndexSchema.parse('3')).toBe(3);
    expect(pageIndexSchema.parse(undefined)).toBe(1);
    expect(pageIndexSchema.safeParse('1e9').success).toBe(false);
    expect(pageIndexSchema.safeParse(10_001).success).toBe(false);
  });
});
