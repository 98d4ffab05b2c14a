import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, detectLanguage, i18n, initI18n, matchLanguage } from './i18n';

afterEach(() => vi.restoreAllMocks());

describe('language detection (stored, else browser, else Chinese)', () => {
  it('takes the stored language first', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
    expect(detectLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('recognises a stored code in any case, such as the spec\'s own "zh-cn"', () => {
    expect(detectLanguage('zh-cn', ['en-US'])).toBe('zh-CN');
    expect(detectLanguage('ZH-CN', ['en-US'])).toBe('zh-CN');
    expect(detectLanguage('EN', ['zh-CN'])).toBe('en');
    localStorage.setItem('language', 'zh-cn');
    expect(detectLanguage(undefined, ['en-US'])).toBe('zh-CN');
  });

  it('ignores a stored value that is not one of ours and matches the browser languages in order', () => {
    expect(detectLanguage('fr', ['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
    expect(detectLanguage(null, ['de', 'zh-TW'])).toBe('zh-CN');
    expect(detectLanguage(null, ['EN'])).toBe('en');
  });

  it('is Chinese when nothing matches', () => {
    expect(detectLanguage(null, ['fr-FR', 'de'])).toBe('zh-CN');
    expect(detectLanguage(null, [])).toBe('zh-CN');
  });

  it('reads local storage "language" and navigator.languages by default', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['ja', 'en-US']);
    expect(detectLanguage()).toBe('en');
    languages.mockReturnValue(['ja']);
    expect(detectLanguage()).toBe('zh-CN');
    localStorage.setItem('language', 'en');
    expect(detectLanguage()).toBe('en');
  });

  it('maps tags to our two languages', () => {
    expect(matchLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLanguage('en-AU')).toBe('en');
    expect(matchLanguage('pt')).toBeNull();
    expect(matchLanguage(undefined)).toBeNull();
  });

  it('switching the language translates, stores the choice and sets the page language', async () => {
    await initI18n('zh-CN');
    expect(i18n.t('shell.logoutConfirm')).toBe('确认退出登录吗？');
    await changeLanguage('en');
    expect(i18n.t('shell.logoutConfirm')).toBe('Confirm logging out?');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // The subsystem provider's own pages read it from a cookie (issue 32).
    expect(document.cookie).toContain('language=en');
    await changeLanguage('zh-CN');
    expect(document.cookie).toContain('language=zh-CN');
  });
});
