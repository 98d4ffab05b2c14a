import type { AppModule, ModuleContext } from './app-module.js';

/**
 * Every service of one app instance; routes receive this and nothing else.
 * Each module adds its own services to this interface in its `*.module.ts`
 * (declaration merging), beside the code that makes them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each module's *.module.ts adds its members
export interface Services {}

/** Makes the services of every module, in the order of the list: later ones may use earlier ones. */
export function createServices(
  modules: readonly AppModule[],
  context: Omit<ModuleContext, 'services'>,
): Services {
  const services = {} as Services;
  for (const module of modules) {
    Object.assign(services, module.createServices?.({ ...context, services }));
  }
  return services;
}
