// lints as: src/lib/forms/boundary-fixture.ts
import { useIsAdmin } from '@/lib/access/use-is-admin';
import { categoriesQuery } from '@/features/business-guide/api/get-categories'; // error: no-restricted-imports
import { Shell } from '@/app/layout/shell'; // error: no-restricted-imports

export const lazyFeature = () => import('@/features/map/components/map-page'); // error: no-restricted-syntax
export const reached = [useIsAdmin, categoriesQuery, Shell] as const;
