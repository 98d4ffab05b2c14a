import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { relaxLimits } from './relax-limits';
import { serverPorts } from './server-ports';

/** Runs once the suite's servers answer (Playwright starts webServer first). */
export default async function globalSetup(): Promise<void> {
  for (const port of serverPorts()) await relaxLimits(`http://127.0.0.1:${port}`);
  // The run's register of screens that passed the accessibility check (support/axe.ts),
  // shared by the workers, which inherit the environment.
  process.env.E2E_AXE_REGISTRY ??= mkdtempSync(path.join(os.tmpdir(), 'cityops-axe-'));
}
