/**
 * Import rules that `npm run lint` enforces (docs/architecture.md, "Import rules").
 * A circle, type imports included, makes a module's load order an accident and its
 * types a knot that no file can be read without; a package imported but not declared
 * works only as long as another workspace happens to install it.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-in-package-json',
      severity: 'error',
      comment: 'Every imported package is declared by the workspace that imports it.',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
