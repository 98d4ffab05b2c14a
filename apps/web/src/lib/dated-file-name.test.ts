import { describe, expect, it } from 'vitest';
import { datedFileName } from './dated-file-name';

describe('an export’s file name', () => {
  const now = new Date('2026-11-29T01:30:00.000Z');

  it('carries the day of the export, in the city’s time zone', () => {
    expect(datedFileName('用户列表', 'xlsx', { now, timeZone: 'Asia/Shanghai' })).toBe(
      '用户列表_2026-11-29.xlsx',
    );
    // 01:30 UTC is still the 28th in New York.
    expect(datedFileName('users', 'xlsx', { now, timeZone: 'America/New_York' })).toBe(
      'users_2026-11-28.xlsx',
    );
  });

  it('carries the range a filter asked for, an open end being today', () => {
    const from = '2026-10-31T16:00:00.000Z';
    const to = '2026-11-07T15:59:59.999Z';
    const zone = { now, timeZone: 'Asia/Shanghai' };
    expect(datedFileName('审计日志', 'csv', { ...zone, from, to })).toBe(
      '审计日志_2026-11-01_2026-11-07.csv',
    );
    expect(datedFileName('审计日志', 'csv', { ...zone, from })).toBe(
      '审计日志_2026-11-01_2026-11-29.csv',
    );
    expect(datedFileName('审计日志', 'csv', { ...zone, to })).toBe('审计日志_2026-11-07.csv');
    // One day asked for: named once.
    expect(datedFileName('审计日志', 'csv', { ...zone, from: to, to })).toBe(
      '审计日志_2026-11-07.csv',
    );
  });
});
