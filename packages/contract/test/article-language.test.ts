import { describe, expect, it } from 'vitest';
import { articleListQuerySchema, isArticleLanguage } from '../src/index.js';

describe('article languages', () => {
  it('names the two languages articles are written in, in the product spelling', () => {
    expect(isArticleLanguage('zh-CN')).toBe(true);
    expect(isArticleLanguage('en')).toBe(true);
    for (const other of ['zh-cn', 'fr', 'all', '', null, undefined]) {
      expect(isArticleLanguage(other)).toBe(false);
    }
  });

  it('the list filters by one of them, or by none', () => {
    expect(articleListQuerySchema.parse({ language: 'en' }).language).toBe('en');
    expect(articleListQuerySchema.parse({}).language).toBeUndefined();
    expect(articleListQuerySchema.safeParse({ language: 'fr' }).success).toBe(false);
  });
});
