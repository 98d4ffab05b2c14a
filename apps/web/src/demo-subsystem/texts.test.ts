import { describe, expect, it } from 'vitest';
import { format, texts } from './texts';

describe('the demo page texts', () => {
  it('has every text in both languages, none empty', () => {
    expect(Object.keys(texts['zh-CN']).sort()).toEqual(Object.keys(texts.en).sort());
    for (const language of ['en', 'zh-CN'] as const) {
      for (const [key, text] of Object.entries(texts[language])) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('uses the same places in both languages, and fills them', () => {
    const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(texts.en)) {
      expect(places(texts['zh-CN'][key as keyof typeof texts.en]), key).toEqual(places(text));
    }
    expect(format('zh-CN', 'refreshed', { count: 2, time: '08:00:00' })).toBe(
      '平台已发放新令牌（第 2 次，08:00:00）。',
    );
  });
});
