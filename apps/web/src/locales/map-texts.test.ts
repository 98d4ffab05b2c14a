import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, registerTexts } from '@/lib/i18n';
import { mapTexts } from './map-texts';

registerTexts(mapTexts);

beforeAll(async () => {
  await initI18n('en');
});

describe('map texts', () => {
  it('count in English with plural rules ("1 feature", "2 features")', () => {
    const t = i18n.getFixedT('en');
    expect(t('map.featureCount', { count: 1 })).toBe('1 feature');
    expect(t('map.featureCount', { count: 2 })).toBe('2 features');
    expect(t('map.exported', { count: 1 })).toBe('Exported 1 feature');
    expect(t('map.vertices', { count: 1 })).toBe('1 vertex');
    expect(t('map.importRejected', { count: 1 })).toBe(
      '1 feature was left out because its geometry is not valid.',
    );
  });

  it('count in Chinese, which has one form', () => {
    const t = i18n.getFixedT('zh-CN');
    expect(t('map.featureCount', { count: 1 })).toBe('1 个要素');
    expect(t('map.featureCount', { count: 2 })).toBe('2 个要素');
  });
});
