// The console screen at /system/dictionary (app/console-routes.ts); the page lives in its feature.
export { DictionaryPage as Component } from '@/features/system/components/dictionary-page';
