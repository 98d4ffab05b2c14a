import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * The import boundaries of docs/architecture.md are lint errors: each fixture in
 * apps/web/lint-fixtures is linted with the repository's ESLint configuration as
 * if it stood at the path its first line names, and must produce exactly the
 * boundary errors marked on its lines, no more and no fewer.
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(webRoot, '../..');
const fixturesDir = path.join(webRoot, 'lint-fixtures');
const boundaryRules = new Set(['no-restricted-imports', 'no-restricted-syntax']);

const fixtures = fs
  .readdirSync(fixturesDir)
  .filter((name) => name.endsWith('.ts'))
  .sort();

function expectedErrors(text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const mark = /\/\/ error: ([\w-]+)\s*$/.exec(line);
    return mark ? [`${index + 1}:${mark[1]}`] : [];
  });
}

describe('web import boundaries', () => {
  const eslint = new ESLint({ cwd: repoRoot });

  it('has fixtures that break every boundary, and one that breaks none', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(8);
    expect(fixtures).toContain('allowed-imports.ts');
  });

  it.each(fixtures)(
    '%s gives exactly its marked errors',
    async (name) => {
      const text = fs.readFileSync(path.join(fixturesDir, name), 'utf8');
      const virtualPath = /^\/\/ lints as: (\S+)/.exec(text)?.[1];
      expect(virtualPath, 'the first line names the path to lint as').toBeTruthy();
      const [result] = await eslint.lintText(text, { filePath: path.join(webRoot, virtualPath!) });
      const found = result!.messages
        .filter((message) => message.ruleId && boundaryRules.has(message.ruleId))
        .map((message) => `${message.line}:${message.ruleId}`);
      expect(found).toEqual(expectedErrors(text));
    },
    60_000,
  );
});
