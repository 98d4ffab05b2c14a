import { describe, expect, it } from 'vitest';
import {
  SUBSYSTEM_DEFAULT_CLAIMS,
  SUBSYSTEM_TOKEN_LIFETIME_MAX,
  SUBSYSTEM_TOKEN_LIFETIME_MIN,
  isSubsystemAddress,
  isSubsystemOrigin,
  menuCreateSchema,
  menuEditSchema,
  subsystemCreateSchema,
  subsystemEditSchema,
  subsystemSchema,
} from '../src/index.js';
import { contractMessages } from '../src/message-catalog.js';

/** The subsystem registry's schemas and rules (issue 22). */
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('subsystemCreateSchema', () => {
  it('fills a registration’s defaults: the default claims, 300 s, enabled, no addresses', () => {
    const parsed = subsystemCreateSchema.parse({
      clientId: 'enforce-app',
      name: '执法',
      kind: 'public',
    });
    expect(parsed).toEqual({
      clientId: 'enforce-app',
      name: '执法',
      nameEn: '',
      kind: 'public',
      origins: [],
      redirectUris: [],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      claims: [...SUBSYSTEM_DEFAULT_CLAIMS],
      tokenLifetime: 300,
      enabled: true,
    });
    expect(parsed.claims).not.toContain('phone_number');
  });

  it.each([
    [{ clientId: 'ab' }, 'system.subsystem.clientIdInvalid'],
    [{ clientId: '9lives' }, 'system.subsystem.clientIdInvalid'],
    [{ clientId: 'ends-' }, 'system.subsystem.clientIdInvalid'],
    [{ kind: 'private' }, 'validation.invalid'],
    [{ origins: ['https://a.example/'] }, 'system.subsystem.originInvalid'],
    [{ origins: ['http://city.example'] }, 'system.subsystem.originInvalid'],
    [{ redirectUris: ['https://a.example/cb#frag'] }, 'system.subsystem.addressInvalid'],
    [{ redirectUris: ['https://user:pw@a.example/cb'] }, 'system.subsystem.addressInvalid'],
    [{ backchannelLogoutUri: 'javascript:alert(1)' }, 'system.subsystem.addressInvalid'],
    [
      { redirectUris: ['https://a.example/cb', 'https://a.example/cb'] },
      'system.subsystem.duplicateAddress',
    ],
    [{ claims: ['sub'] }, 'validation.invalid'],
    [{ tokenLifetime: 601 }, 'system.subsystem.lifetimeRange'],
    [{ tokenLifetime: '30' }, 'system.subsystem.lifetimeRange'],
  ])('refuses %j', (change, key) => {
    const result = subsystemCreateSchema.safeParse({
      clientId: 'enforce-app',
      name: '执法',
      kind: 'confidential',
      ...change,
    });
    expect(result.success).toBe(false);
    expect(messagesOf(result)).toContain(key);
  });

  it('accepts loopback http for development and a lifetime given as text (a form field)', () => {
    const parsed = subsystemCreateSchema.parse({
      clientId: 'dev-app',
      name: '开发',
      kind: 'public',
      origins: ['http://localhost:5173', 'http://127.0.0.1:8080'],
      redirectUris: ['http://127.0.0.1:8080/callback'],
      tokenLifetime: '600',
    });
    expect(parsed.tokenLifetime).toBe(600);
    expect(isSubsystemOrigin('http://localhost:5173')).toBe(true);
    expect(isSubsystemAddress('http://127.0.0.1:8080/callback')).toBe(true);
  });

  it('an edit needs the version and cannot change the client id', () => {
    expect(subsystemEditSchema.safeParse({ name: '执法', kind: 'public' }).success).toBe(false);
    const parsed = subsystemEditSchema.parse({
      clientId: 'other',
      name: '执法',
      kind: 'public',
      version: 3,
    });
    expect(parsed).not.toHaveProperty('clientId');
  });

  it('an answer says whether it is built in and holds no secret', () => {
    const shape = Object.keys(subsystemSchema.shape);
    expect(shape).toContain('builtIn');
    expect(shape).toContain('hasSecret');
    expect(shape.filter((key) => key !== 'hasSecret' && /secret|hash/i.test(key))).toEqual([]);
  });
});

describe('a menu entry’s subsystem', () => {
  const entry = { code: 'parking', name: '停车', kind: 'page' };

  it('is none by default, else a record id', () => {
    expect(menuCreateSchema.parse(entry).subsystemId).toBeNull();
    expect(menuCreateSchema.parse({ ...entry, subsystemId: 7 }).subsystemId).toBe(7);
    expect(
      menuEditSchema.parse({ ...entry, subsystemId: null, version: 1 }).subsystemId,
    ).toBeNull();
    for (const subsystemId of [0, -1, 1.5, 2_147_483_648]) {
      expect(
        menuCreateSchema.safeParse({ ...entry, subsystemId }).success,
        String(subsystemId),
      ).toBe(false);
    }
  });

  it('names an unknown one in both languages', () => {
    expect(contractMessages.en['system.menu.subsystemUnknown']).toMatch(/subsystem/);
    expect(contractMessages['zh-CN']['system.menu.subsystemUnknown']).toMatch(/子系统/);
    expect(contractMessages['zh-CN']['system.subsystem.builtInKind']).toMatch(/公开客户端/);
  });
});

describe('the address and lifetime messages say the rule as it is enforced (issue 31)', () => {
  const languages = ['en', 'zh-CN'] as const;

  it('names every host on which http is accepted, and refuses http elsewhere', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect(isSubsystemOrigin(`http://${host}:8080`), host).toBe(true);
      expect(isSubsystemAddress(`http://${host}:8080/callback`), host).toBe(true);
      for (const language of languages) {
        for (const key of ['system.subsystem.originInvalid', 'system.subsystem.addressInvalid']) {
          expect(
            contractMessages[language][key as keyof (typeof contractMessages)['en']],
          ).toContain(host);
        }
      }
    }
    expect(isSubsystemOrigin('http://127.0.0.2:8080')).toBe(false);
    expect(isSubsystemOrigin('http://city.example')).toBe(false);
  });

  it('gives the lifetime range its bounds, and refuses what is outside or not whole', () => {
    for (const language of languages) {
      const text = contractMessages[language]['system.subsystem.lifetimeRange'];
      expect(text).toContain(String(SUBSYSTEM_TOKEN_LIFETIME_MIN));
      expect(text).toContain(String(SUBSYSTEM_TOKEN_LIFETIME_MAX));
    }
    const lifetime = (tokenLifetime: number) =>
      messagesOf(
        subsystemCreateSchema.safeParse({
          clientId: 'a-app',
          name: 'A',
          kind: 'public',
          tokenLifetime,
        }),
      );
    expect(lifetime(30)).toEqual(['system.subsystem.lifetimeRange']);
    expect(lifetime(700)).toEqual(['system.subsystem.lifetimeRange']);
    expect(lifetime(90.5)).toEqual(['validation.invalid']);
    expect(lifetime(60)).toEqual([]);
  });
});
