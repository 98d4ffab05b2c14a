import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { limitHeapGrowth } from './lib/heap-growth.js';
import { buildManagementApp } from './management.js';

limitHeapGrowth();

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  // The management port (health, readiness, metrics) stays open while the public
  // server drains, so readiness can say 503 until the process ends.
  const management =
    config.managementPort === undefined ? undefined : await buildManagementApp(app);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining, then finishing in-flight requests');
    const timer = setTimeout(
      () => {
        app.log.error('shutdown grace period over, exiting');
        process.exit(1);
      },
      (config.shutdownDrainSeconds + config.shutdownGraceSeconds) * 1000,
    );
    timer.unref();
    app
      .stopGracefully(config.shutdownDrainSeconds * 1000)
      .then(() => management?.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // After the public port: readiness is never answered before it can be served.
  if (management) {
    await management.listen({ host: config.managementHost, port: config.managementPort });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The server could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
