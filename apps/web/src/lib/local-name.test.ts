import { englishNameInput, localName, nameValues, trimmedNames } from './local-name';

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

  it('fills a form with the names and sends them trimmed', () => {
    expect(nameValues(null)).toEqual({ name: '', nameEn: '' });
    expect(nameValues({ name: '办公室', nameEn: '办公室' })).toEqual({
      name: '办公室',
      nameEn: '',
    });
    expect(trimmedNames({ name: ' 办公室 ', nameEn: ' Office ' })).toEqual({
      name: '办公室',
      nameEn: 'Office',
    });
  });
});
