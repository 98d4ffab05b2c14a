import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { AppMetrics } from './lib/metrics.js';
import type { Repositories, WithTransaction } from './repositories.js';
import type { Services } from './services.js';

/** What a module's `createServices` is given. */
export interface ModuleContext {
  config: AppConfig;
  clock: Clock;
  /** Publish/subscribe across instances (LISTEN/NOTIFY, or in-process on PGlite), ping. */
  database: Database;
  /** One repository per table group, on the app's pool. */
  repositories: Repositories;
  withTransaction: WithTransaction;
  /** The services of the modules listed before this one in app-modules.ts. */
  services: Services;
  /** The app's logger, once it exists. */
  log: () => FastifyBaseLogger | undefined;
  /** Reports a failure that has no request to answer (live notifications). */
  onError: (error: unknown) => void;
}

/** What a module's route plugin is given. */
export interface RouteContext {
  services: Services;
  config: AppConfig;
  clock: Clock;
  database: Database;
  /** The instance is draining or closing after SIGTERM (readiness answers 503). */
  isStopping: () => boolean;
  /** The instance's Prometheus metrics (lib/metrics.ts). */
  metrics: AppMetrics;
}

/**
 * A feature of the server: its services and its routes. Adding a module is its
 * folder plus one line in app-modules.ts. A module adds its services to the
 * `Services` interface beside the code that makes them (see any `*.module.ts`).
 */
export interface AppModule {
  name: string;
  /** The module's services, made from the repositories and earlier modules' services. */
  createServices?: (context: ModuleContext) => Partial<Services>;
  /** A Fastify plugin with the module's routes; each route declares its `config.access`. */
  routes?: FastifyPluginAsyncZod<RouteContext>;
  /** Where the routes live below `/api` (none: the paths are written out in full). */
  prefix?: string;
  /**
   * Routes at the product's root instead of below `/api`, for addresses a standard
   * fixes (the OpenID Connect provider's `/.well-known/openid-configuration`, `/oidc/*`).
   */
  rootRoutes?: FastifyPluginAsyncZod<RouteContext>;
  /**
   * Routes for the operations team, served only on the management port
   * (`MANAGEMENT_PORT`, docs/deployment.md), never on the public one.
   */
  managementRoutes?: FastifyPluginAsyncZod<RouteContext>;
  /** Whether the module is part of an app with this configuration (default: always). */
  enabled?: (config: AppConfig) => boolean;
}

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
