// The route module of paths.guide.edit; the page itself lives in its feature.
export { GuideEditPage as Component } from '@/features/business-guide/components/guide-edit-page';
