// How every Lambda of the service is built: one esbuild bundle per entry file, bundled
// locally (no Docker, no network), ESM, Node 22 on arm64, with its own log group.
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** The repository root (this file is infra/aws/functions.ts). */
export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');

// ESM bundles have no `require`, yet CommonJS dependencies inside them call it for Node
// built-ins. The import is aliased so it cannot clash with a bundled module's own top-level
// `import { createRequire } from 'node:module'` (functions/api/docs/asset.ts has one).
const ESM_REQUIRE_BANNER =
  "import { createRequire as __bannerCreateRequire } from 'module'; const require = __bannerCreateRequire(import.meta.url);";

/**
 * Files a bundle needs beside index.mjs, read at run time rather than imported, keyed by
 * entry (relative to functions/). They are copied from the project's node_modules after
 * bundling: `nodeModules` would run `npm ci` in the bundle folder, which needs the network
 * and would ship the whole package (source maps and all) instead of the files in use.
 */
const RUNTIME_FILES: Readonly<Record<string, readonly string[]>> = {
  'api/docs/asset': [
    'swagger-ui-dist/package.json',
    'swagger-ui-dist/swagger-ui.css',
    'swagger-ui-dist/swagger-ui-bundle.js',
    'swagger-ui-dist/swagger-ui-standalone-preset.js',
  ],
};

export interface ServiceFunctionProps {
  /** Module path under functions/, without extension, e.g. "api/users/me". */
  readonly entry: string;
  readonly description: string;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  readonly environment: Readonly<Record<string, string>>;
  readonly removalPolicy: RemovalPolicy;
}

export function serviceFunction(scope: Construct, id: string, props: ServiceFunctionProps): NodejsFunction {
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: props.removalPolicy,
  });
  const runtimeFiles = RUNTIME_FILES[props.entry] ?? [];
  return new NodejsFunction(scope, id, {
    entry: join(PROJECT_ROOT, 'functions', `${props.entry}.ts`),
    handler: 'handler',
    description: props.description,
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memoryMb,
    timeout: Duration.seconds(props.timeoutSeconds),
    logGroup,
    projectRoot: PROJECT_ROOT,
    depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    bundling: {
      forceDockerBundling: false,
      format: OutputFormat.ESM,
      target: 'node22',
      mainFields: ['module', 'main'],
      minify: true,
      sourceMap: true,
      // Stack traces need the mappings, not the sources: keeps the bundles small.
      sourcesContent: false,
      // Bundle the AWS SDK too (the default leaves @aws-sdk/* to the runtime's copy): the
      // version is then the one the tests ran against, and tree-shaking makes it smaller.
      externalModules: [],
      banner: ESM_REQUIRE_BANNER,
      // Warnings and errors only: the per-bundle size lines drown the synth output.
      logLevel: LogLevel.WARNING,
      ...(runtimeFiles.length > 0 ? { commandHooks: copyAfterBundling(runtimeFiles) } : {}),
    },
  });
}

function copyAfterBundling(files: readonly string[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) =>
      files.flatMap((file) => {
        const target = join(outputDir, 'node_modules', file);
        return [`mkdir -p "${join(target, '..')}"`, `cp "${join(inputDir, 'node_modules', file)}" "${target}"`];
      }),
  };
}
