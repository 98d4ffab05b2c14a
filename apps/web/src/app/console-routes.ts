import type { RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import type { RouteHandle } from './hooks/use-document-title';

type RouteModule = Record<string, unknown>;

/**
 * The administration console's screens, found rather than listed: the route module
 * `app/routes/system-<screen>.tsx` is served at `/system/<screen>`, its own chunk. Its
 * title is the name its feature manifest gives the menu entry of that address
 * (`console-titles.ts`, loaded with the screen, so the sign-in page never carries the
 * manifests). `console-routes.test.ts` holds every console menu entry to a module and
 * every module to a menu entry.
 */
const screens = import.meta.glob<RouteModule>('./routes/system-*.tsx');

export const consoleScreenPath = (file: string) =>
  `${paths.system.root}/${file.slice('./routes/system-'.length, -'.tsx'.length)}`;

export const consoleRoutes: RouteObject[] = Object.entries(screens)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([file, load]) => {
    const path = consoleScreenPath(file);
    return {
      path,
      lazy: async () => {
        const [module, { consoleTitle }] = await Promise.all([load(), import('./console-titles')]);
        const handle: RouteHandle = { title: consoleTitle(path) };
        return { ...module, handle };
      },
    };
  });
