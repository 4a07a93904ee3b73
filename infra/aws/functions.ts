// How every Lambda of the service is built: one esbuild bundle per entry file, bundled
// locally (no Docker, no network), ESM, Node 22 on arm64, with its own log group.
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BUNDLE, ESM_REQUIRE_BANNER, LAMBDA_NODE_OPTIONS, RUNTIME_FILES } from './bundling.ts';

/** The repository root (this file is infra/aws/functions.ts). */
export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');

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
    environment: { ...props.environment, NODE_OPTIONS: LAMBDA_NODE_OPTIONS },
    bundling: {
      forceDockerBundling: false,
      format: OutputFormat.ESM,
      target: BUNDLE.target,
      mainFields: [...BUNDLE.mainFields],
      minify: BUNDLE.minify,
      sourceMap: BUNDLE.sourcemap,
      sourcesContent: BUNDLE.sourcesContent,
      externalModules: BUNDLE.external,
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
