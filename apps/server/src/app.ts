import formBody from '@fastify/formbody';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { messageKeyErrorMap, parseOriginList } from '@cityops/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { migrateAndSeed } from './db/migrate.js';
import { seed } from './seed/index.js';
import './fastify-augment.js';
import { type Clock, systemClock } from './lib/clock.js';
import { loggerOptions, prettyLogs } from './lib/logger.js';
import { AppMetrics } from './lib/metrics.js';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.js';
import { currentRequestLog } from './lib/request-trace.js';
import { validatorCompiler } from './lib/validator-compiler.js';
import authPlugin from './plugins/auth.js';
import errorHandler, { frameworkErrorHandler } from './plugins/error-handler.js';
import frameAncestors, { parseOrigins } from './plugins/frame-ancestors.js';
import { FRAME_ANCESTORS_KEY, SUBSYSTEM_ORIGINS_KEY } from './modules/auth/security-settings.js';
import gracefulShutdown from './plugins/graceful-shutdown.js';
import metricsPlugin from './plugins/metrics.js';
import openApi from './plugins/openapi.js';
import requestLimits, { BadTokenCeiling, RequestLimiter } from './plugins/request-limits.js';
import requestTrace from './plugins/request-trace.js';
import requestDeadline from './plugins/request-deadline.js';
import securityHeaders from './plugins/security-headers.js';
import webApp from './plugins/web-app.js';
import { PURGE_INTERVAL_MS } from './modules/purge/purge.service.js';
import { chainerOf } from './modules/audit/audit-chainer.js';
import { type AppModule, type RouteContext, createServices } from './app-module.js';
import { appModules } from './app-modules.js';
import { sealClearMobiles } from './modules/organization/personal-data-upgrade.js';
import { SessionCache, noRememberedSessions } from './modules/auth/session-cache.js';
import { describeMasterKey, loadMasterKey } from './lib/master-key.js';
import { KeyRing } from './modules/secrets/key-ring.js';
import { aeadAlgorithmOf } from './modules/secrets/aead.js';
import { resealLegacyBoxes, sealStoredSecrets } from './modules/secrets/key-rotation.js';
import { BindingMac, describeBinding } from './modules/secrets/binding-mac.js';
import { LegacySealedRepository } from './modules/secrets/legacy-sealed.repository.js';
import { describeOtherProfile, otherProfileCounts } from './modules/secrets/profile-reseal.js';
import { ServerSecretRepository } from './modules/secrets/server-secret.repository.js';
import { SubsystemSessionChanges } from './modules/subsystems/backchannel-logout.service.js';
import { createRepositories, transactionRunner } from './repositories.js';
import type { Services } from './services.js';
import commandPipeline from './plugins/command-pipeline.js';

export interface AppDependencies {
  /** An open database; by default one is opened from the configuration. */
  database?: Database;
  clock?: Clock;
  /** Where log lines go; stdout by default. */
  logStream?: DestinationStream;
  /** Sees every route as it is added (the test that every route declares its access). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * A route that succeeds without the audit record it declares answers 500 instead
   * of being logged (plugins/request-trace.ts): the test app's setting.
   */
  strictDeclarations?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    database: Database;
    /** Remembered sessions (modules/auth/session-cache.ts). */
    sessionCache: SessionCache;
    /** What the management port serves of this instance (management.ts). */
    managementScope: { modules: readonly AppModule[]; context: RouteContext };
  }
}

/** Who records a rejected access binding: the server's own check, not a person. */
const BINDING_CHECK_SOURCE = {
  actorId: null,
  actorName: null,
  session: null,
  ipAddress: null,
  userAgent: 'access binding check',
};

// Validation messages are message keys, answered in the caller's language.
z.config({ customError: messageKeyErrorMap });

/** The one place where plugins and route modules are wired. */
export async function buildApp(
  config: AppConfig,
  dependencies: AppDependencies = {},
): Promise<FastifyInstance> {
  const clock = dependencies.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, dependencies.logStream, {
      pretty: prettyLogs(config.nodeEnv, process.stdout.isTTY === true),
    }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    // Request ids (lib/request-id.ts): the header is read by genReqId, which checks it.
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  });
  if (dependencies.onRoute) app.addHook('onRoute', dependencies.onRoute);
  // One registry per instance (lib/metrics.ts); the first hooks, so every request is measured.
  const metrics = new AppMetrics();
  await app.register(metricsPlugin, { metrics });
  // Every answer names its request, refusals of the first hooks included.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The master key first: a start without a usable one stops before the database opens.
  const master = await loadMasterKey(config);
  app.log.info({ masterKeyId: master.id, origin: master.origin }, describeMasterKey(master));
  const database = dependencies.database ?? (await openDatabase(config));
  app.addHook('onClose', async () => database.close());
  const keyRing = new KeyRing(
    master,
    new ServerSecretRepository(database.db),
    aeadAlgorithmOf(config.cryptoProfile),
  );
  await migrateAndSeed(database, (db) =>
    seed(db, {
      sealer: keyRing,
      kind: config.nodeEnv === 'production' ? 'production' : 'demo',
      systemName: config.web.systemName,
      now: clock.now(),
      announce: (text) => process.stdout.write(`\n${text}\n\n`),
      product: { publicUrl: config.publicUrl, port: config.port },
    }),
  );
  // Every data key opens under this master key, and what an earlier release kept in clear is sealed.
  await keyRing.check();
  await sealStoredSecrets(
    createRepositories(database.db, noRememberedSessions, undefined),
    keyRing,
    { onlyUnsealed: true },
  );
  await resealLegacyBoxes(
    new LegacySealedRepository(database.db),
    new ServerSecretRepository(database.db, keyRing),
    master,
  );
  // Access bindings carry a MAC (issue 30, GB/T 39786 8.3): one whose MAC fails grants
  // nothing, and is told once, in the log (no key, no MAC) and on the trail.
  const bindingMac = new BindingMac(
    new ServerSecretRepository(database.db, keyRing),
    keyRing.algorithm,
    (bindings) => {
      app.log.error(
        { bindings: bindings.map(describeBinding) },
        'access bindings failed their integrity check (MAC): not honoured; run npm run keys -- verify',
      );
      const audit = createRepositories(database.db, noRememberedSessions, undefined).audit;
      void Promise.all(
        bindings.map((binding) =>
          audit.append(clock.now(), BINDING_CHECK_SOURCE, {
            action: 'access.binding-rejected',
            outcome: 'refused',
            target:
              binding.kind === 'user-role'
                ? { kind: 'user', id: binding.userId }
                : { kind: 'role', id: binding.roleId },
            after: { binding: describeBinding(binding) },
          }),
        ),
      ).catch((error: unknown) =>
        app.log.error({ err: error }, 'the rejected bindings were not recorded on the trail'),
      );
    },
  );
  await bindingMac.load();
  // Remembered sessions; every instance forgets a revoked one (modules/auth/session-cache.ts).
  const sessionCache = new SessionCache({ database, clock, metrics });
  await sessionCache.start();
  app.addHook('onClose', async () => sessionCache.stop());
  // Every session effect reaches the subsystems signed in with it too (back-channel logout).
  const sessionChanges = new SubsystemSessionChanges(sessionCache);
  const modules = appModules.filter((module) => module.enabled?.(config) ?? true);
  const services = createServices(modules, {
    config,
    clock,
    database,
    repositories: createRepositories(
      database.db,
      sessionChanges,
      bindingMac,
      sessionCache,
      metrics,
      keyRing,
    ),
    withTransaction: transactionRunner(database.db, sessionChanges, metrics, keyRing, bindingMac),
    // Inside a request, its logger: the line carries the request id.
    log: () => currentRequestLog() ?? app.log,
    onError: (error) => app.log.error({ err: error }, 'live notification failed'),
  });
  app.decorate('services', services);
  // The chain's new records take CRYPTO_PROFILE's hash (SM3 under gm); a change is a record.
  await services.auditTrail.followProfile(config.cryptoProfile);
  // The trail's partitions for this month and the next three (drizzle/0032); a record of a
  // month without one goes to the default partition, so a failure here stops nothing.
  const prepareMonths = () =>
    services.auditTrail
      .prepareMonths()
      .catch((error: unknown) => app.log.warn({ err: error }, 'audit partitions not made'));
  await prepareMonths();
  // Changes' records a stop left waiting are chained now, on the purge schedule after
  // any move that failed, and at the stop, before the pool closes (audit/audit-chainer.ts).
  const chainer = chainerOf(database.db);
  chainer.reportFailuresTo((error) =>
    app.log.error({ err: error }, 'audit records not chained yet: they wait for the next move'),
  );
  const chainWaiting = () => chainer.chain();
  await chainWaiting();
  app.addHook('onClose', chainWaiting);
  // Numbers an earlier release kept in clear are sealed before the server answers (issue 30).
  await sealClearMobiles(
    createRepositories(database.db, noRememberedSessions, undefined),
    services.personalData,
  );
  // After a change of CRYPTO_PROFILE what was sealed before still opens; the log says what
  // is left for `npm run keys -- reseal` (a number indexed under the other profile is not found).
  const other = describeOtherProfile(await otherProfileCounts(database.db, keyRing.algorithm));
  if (other) {
    app.log.warn(
      { cryptoProfile: config.cryptoProfile },
      `data sealed under the other cryptographic profile: ${other}; run npm run keys -- reseal`,
    );
  }
  sessionChanges.connect(services.subsystemLogouts);
  // Back-channel logouts are delivered by every instance, from the shared outbox.
  services.subsystemLogouts.start();
  app.addHook('onClose', async () => services.subsystemLogouts.stop());
  metrics.observe({
    pool: () => database.poolStats(),
    notificationStreams: () => services.notifications?.hub.streamCount ?? 0,
  });
  // Expired captchas, QR tickets, SMS codes and counts go on a schedule, on every instance.
  const purge = () =>
    Promise.all([
      services.purge.run().catch((error) => app.log.error({ err: error }, 'purge failed')),
      prepareMonths(),
      chainWaiting(),
    ]);
  const purgeTimer = setInterval(purge, PURGE_INTERVAL_MS);
  purgeTimer.unref();
  app.addHook('onClose', async () => clearInterval(purgeTimer));
  app.decorate('database', database);
  app.decorate('sessionCache', sessionCache);
  const routeContext: RouteContext = {
    services,
    config,
    clock,
    database,
    isStopping: () => app.isStopping(),
    metrics,
  };
  app.decorate('managementScope', { modules, context: routeContext });

  await app.register(errorHandler);
  await app.register(gracefulShutdown);
  await app.register(requestDeadline);
  await app.register(securityHeaders, { frameAncestors: ["'self'"] });
  await app.register(frameAncestors, {
    fromConfig: parseOrigins(config.frameAncestors),
    fromSetting: () => services.securitySettings.text(FRAME_ANCESTORS_KEY),
  });
  // What each request did of what its route declares (the policy asked, the records written).
  await app.register(requestTrace, { strict: dependencies.strictDeclarations ?? false });
  // Every route of the app declares its `config.access`; this enforces it, first.
  await app.register(authPlugin, {
    auth: services.auth,
    refusals: services.refusals,
    enforceSecondFactor: config.secondFactorEnforced,
    frameTokens: services.frameTokens,
    publicUrl: config.publicUrl,
    badTokens: new BadTokenCeiling(
      new RequestLimiter({
        limits: services.requestLimits,
        settings: services.securitySettings,
        clock,
      }),
      clock,
    ),
  });
  // A route's declared policy is asked with its loaded target before its handler runs.
  await app.register(commandPipeline, { services });
  await app.register(formBody);
  await app.register(openApi);

  await app.register(
    async (api) => {
      await api.register(requestLimits, {
        limits: services.requestLimits,
        settings: services.securitySettings,
        clock,
      });
      for (const module of modules) {
        if (module.routes) {
          await api.register(module.routes, {
            ...routeContext,
            ...(module.prefix ? { prefix: module.prefix } : {}),
          });
        }
      }
    },
    { prefix: '/api' },
  );
  await app.register(async (root) => {
    await root.register(requestLimits, {
      limits: services.requestLimits,
      settings: services.securitySettings,
      clock,
    });
    for (const module of modules) {
      if (module.rootRoutes) await root.register(module.rootRoutes, routeContext);
    }
  });

  // Last: its scope holds the app's not-found handler, which runs the hooks added before it.
  await app.register(webApp, {
    distDir: config.webDistDir,
    runtimeConfig: async () => ({
      apiBaseUrl: config.web.apiBaseUrl,
      routerMode: config.web.routerMode,
      systemName: (await services.settings.publicValue('systemName')) ?? config.web.systemName,
      subsystemOrigins: parseOriginList(
        await services.securitySettings.text(SUBSYSTEM_ORIGINS_KEY),
      ),
      /** Minutes without input before the web app signs out (0: never); the settings screen's. */
      idleMinutes: await services.securitySettings.number('session.idleMinutes'),
    }),
  });

  return app;
}
