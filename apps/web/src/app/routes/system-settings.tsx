// The route module of paths.system.settings; the page itself lives in its feature.
export { SettingsPage as Component } from '@/features/system/components/settings-page';
