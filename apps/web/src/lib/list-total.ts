import { i18n } from '@/lib/i18n';

/**
 * A paged list's total as its pager says it (issue 33): the screen's own words when the
 * server counted every row, else "more than" the count's limit (the contract's
 * `totalExact` false), the number written as the language writes it ("10,000").
 */
export function listTotalText(
  total: number,
  totalExact: boolean,
  exactText: (count: number) => string,
): string {
  return totalExact
    ? exactText(total)
    : i18n.t('common.totalMore', { limit: new Intl.NumberFormat(i18n.language).format(total) });
}
