import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The registries a new feature is found in (the manifests, the contract's index, the
 * tables, the console resources) are written by `npm run registries`
 * (scripts/registries.ts), never by hand: a file added without running it, or a
 * registry edited by hand, fails here with the command to run.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the generated registries', () => {
  it('list exactly the files that are there', () => {
    const check = () =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/registries.ts', '--check'], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(check).not.toThrow();
  }, 30_000);
});
