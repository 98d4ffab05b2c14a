import { type RunningServer, startServer } from '../../lib/server.js';
import { type RunningNginx, startNginx } from './nginx.js';
import { ports } from './ports.js';
import { PostgresCluster } from './postgres-cluster.js';

/** The multi-instance deployment of docs/deployment.md, on this machine. */
export interface Deployment {
  cluster: PostgresCluster;
  servers: RunningServer[];
  nginx: RunningNginx | null;
  /** Starts instance `index` again (after a stop or a kill) with the same settings. */
  restartServer(index: number): Promise<RunningServer>;
  stop(): Promise<void>;
}

/**
 * A private PostgreSQL cluster, `instances` servers on it (apps/server/dist/main.js,
 * started one after the other so that the first migrates and seeds) and, when
 * asked, nginx in front of them.
 */
export async function startDeployment(options: {
  instances: number;
  nginx: boolean;
  env?: Record<string, string>;
}): Promise<Deployment> {
  const cluster = await PostgresCluster.create(ports.postgres);
  const servers: RunningServer[] = [];
  let nginx: RunningNginx | null = null;
  const start = (index: number) =>
    startServer({
      port: ports.server(index),
      // A (re)started instance counts as up once its readiness says so, as an
      // orchestrator or a rolling-restart script waits (docs/deployment.md).
      managementPort: ports.management(index),
      env: {
        DATABASE_URL: cluster.url(),
        DATA_DIR: ':memory:',
        TRUST_PROXY: 'true',
        SHUTDOWN_GRACE_SECONDS: '10',
        SHUTDOWN_DRAIN_SECONDS: '3',
        ...options.env,
      },
    });
  const deployment: Deployment = {
    cluster,
    servers,
    get nginx() {
      return nginx;
    },
    async restartServer(index) {
      await servers[index]?.stop();
      servers[index] = await start(index);
      return servers[index]!;
    },
    async stop() {
      await nginx?.stop();
      await Promise.all(servers.map((server) => server.stop()));
      await cluster.destroy();
    },
  };
  try {
    for (let index = 0; index < options.instances; index++) servers.push(await start(index));
    if (options.nginx) {
      nginx = await startNginx({
        listenPort: ports.nginx,
        upstreamPorts: servers.map((_, index) => ports.server(index)),
      });
    }
  } catch (error) {
    await deployment.stop().catch(() => undefined);
    throw error;
  }
  return deployment;
}
