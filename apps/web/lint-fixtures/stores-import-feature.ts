// lints as: src/stores/boundary-fixture.ts
import { useTagsStore } from '@/features/tags-view/lib/tags-store'; // error: no-restricted-imports
import { navigateTo } from '@/app/navigation'; // error: no-restricted-imports
import { local } from '@/lib/storage';

export const reached = [useTagsStore, navigateTo, local] as const;
