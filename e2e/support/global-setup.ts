import { relaxLimits } from './relax-limits';
import { serverPorts } from './server-ports';

/** Runs once the suite's servers answer (Playwright starts webServer first). */
export default async function globalSetup(): Promise<void> {
  for (const port of serverPorts()) await relaxLimits(`http://127.0.0.1:${port}`);
}
