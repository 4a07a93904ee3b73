import { defineConfig } from 'vitest/config';

// unit: no I/O. infra: CDK template assertions. stack: integration tests against the real
// emulators and end-to-end tests over HTTP, sharing one local stack started once per run.
export default defineConfig({
  test: {
    env: { LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_TRACE_ENABLED: 'false' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts', 'test/fuzz/**/*.test.ts', 'test/matrix/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // reliability: fault injection against runtimes of its own (SIGKILL and restart); a few minutes.
      { extends: true, test: { name: 'reliability', include: ['test/reliability/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 120_000 } },
    ],
  },
});
