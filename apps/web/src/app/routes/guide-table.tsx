// The route module of paths.guide.table; the page itself lives in its feature.
export { GuideTablePage as Component } from '@/features/business-guide/components/guide-table-page';
