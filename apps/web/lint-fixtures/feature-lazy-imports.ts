// lints as: src/features/business-guide/components/boundary-fixture.tsx
export const otherFeature = () => import('@/features/map/components/map-page'); // error: no-restricted-syntax
export const theApp = () => import('@/app/layout/shell'); // error: no-restricted-syntax
export const ownFeature = () => import('@/features/business-guide/components/guide-table-page');
export const shared = () => import('@/components/image-upload/image-upload');
