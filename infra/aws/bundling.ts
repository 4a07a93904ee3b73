// How a function bundle is built: one esbuild bundle per entry file, ESM for Node 22, the
// AWS SDK bundled in. Shared by the CDK functions and by the benchmark that times their cold
// import, so both measure the same thing. No aws-cdk-lib here: the benchmark imports it.

// ESM bundles have no `require`, yet CommonJS dependencies inside them call it for Node
// built-ins. The import is aliased so it cannot clash with a bundled module's own top-level
// `import { createRequire } from 'node:module'` (functions/api/docs/asset.ts has one).
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bannerCreateRequire } from 'module'; const require = __bannerCreateRequire(import.meta.url);";

export const BUNDLE = {
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  // Stack traces need the mappings, not the sources: keeps the bundles small.
  sourcesContent: false,
  // Bundle the AWS SDK too (the default leaves @aws-sdk/* to the runtime's copy): the
  // version is then the one the tests ran against, and tree-shaking makes it smaller.
  external: [] as string[],
} as const;

/** Readable stack traces cost 5–15 ms of cold start (measured by npm run bench). */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';

/**
 * Files a bundle needs beside index.mjs, read at run time rather than imported, keyed by
 * entry (relative to functions/). They are copied from the project's node_modules after
 * bundling: `nodeModules` would run `npm ci` in the bundle folder, which needs the network
 * and would ship the whole package (source maps and all) instead of the files in use.
 */
export const RUNTIME_FILES: Readonly<Record<string, readonly string[]>> = {
  'api/docs/asset': [
    'swagger-ui-dist/package.json',
    'swagger-ui-dist/swagger-ui.css',
    'swagger-ui-dist/swagger-ui-bundle.js',
    'swagger-ui-dist/swagger-ui-standalone-preset.js',
  ],
};
