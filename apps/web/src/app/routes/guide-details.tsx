// The route module of paths.guide.details; the page itself lives in its feature.
export { GuideDetailsPage as Component } from '@/features/business-guide/components/guide-details-page';
