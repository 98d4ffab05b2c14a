import { englishNameInput, localName } from './local-name';

describe('localName', () => {
  const unit = { name: '市城管局', nameEn: 'City bureau' };

  it('gives the name in the reader language', () => {
    expect(localName(unit, 'zh-CN')).toBe('市城管局');
    expect(localName(unit, 'en')).toBe('City bureau');
  });

  it('lets the Chinese name stand in for a missing English one', () => {
    expect(localName({ name: '办公室', nameEn: '' }, 'en')).toBe('办公室');
    expect(localName({ name: '办公室', nameEn: null }, 'en')).toBe('办公室');
    expect(localName({ name: '办公室' }, 'en')).toBe('办公室');
  });

  it('shows the English name in a form only where it is not the stand-in', () => {
    expect(englishNameInput(unit)).toBe('City bureau');
    expect(englishNameInput({ name: '办公室', nameEn: '办公室' })).toBe('');
    expect(englishNameInput(null)).toBe('');
  });
});
