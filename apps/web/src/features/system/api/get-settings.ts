import {
  SYSTEM_PATHS,
  type SettingsGroup,
  type SettingsGroupState,
  fillPath,
} from '@cityops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { systemKeys } from './query-keys';

/** `GET /system/settings/:group`: a group's values and the version they were read at. */
export function getSettings<G extends SettingsGroup>(group: G): Promise<SettingsGroupState<G>> {
  return api.get<SettingsGroupState<G>>(fillPath(SYSTEM_PATHS.settings, { group }));
}

export const settingsQuery = <G extends SettingsGroup>(group: G) =>
  queryOptions({ queryKey: systemKeys.settings(group), queryFn: () => getSettings(group) });

export function useSettings<G extends SettingsGroup>(group: G, enabled = true) {
  return useQuery({ ...settingsQuery(group), enabled });
}
