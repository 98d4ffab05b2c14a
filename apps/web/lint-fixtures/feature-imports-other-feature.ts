// lints as: src/features/map/components/boundary-fixture.ts
import { routeEntryCode } from '@/features/menu/lib/route-entry'; // error: no-restricted-imports
import * as menu from '@/features/menu'; // error: no-restricted-imports
import type { Tab } from '@/features/tags-view/lib/tags-store'; // error: no-restricted-imports
export { useSettingsStore } from '@/features/settings/lib/settings-store'; // error: no-restricted-imports
import { frameAddress } from '../../menu/lib/frame-address'; // error: no-restricted-imports
import type { AppConfig } from '@cityops/server'; // error: no-restricted-imports
import { formatLength } from '@/features/map/lib/format';

export const reached = [routeEntryCode, menu, frameAddress, formatLength] as const;
export type Reached = [Tab, AppConfig];
