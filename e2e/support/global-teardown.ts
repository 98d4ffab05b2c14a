import { readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const results = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');

/** Lists the screens and dialogs the run checked with axe (support/axe.ts), then forgets them. */
export default function globalTeardown(): void {
  const folder = process.env.E2E_AXE_REGISTRY;
  if (!folder) return;
  const checked = readdirSync(folder)
    .map(
      (name) =>
        JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as {
          key: string;
          context: string;
        },
    )
    .map(({ key, context }) => `${context}\n    ${key}`)
    .sort();
  mkdirSync(results, { recursive: true });
  writeFileSync(path.join(results, 'axe-screens.txt'), `${checked.join('\n')}\n`);
  console.warn(
    `axe: ${checked.length} distinct screens and dialogs checked (test-results/axe-screens.txt)`,
  );
  rmSync(folder, { recursive: true, force: true });
}
