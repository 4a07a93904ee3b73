import tseslint from 'typescript-eslint';

// The layers (CONTRIBUTING.md draws them). An import is refused by the text it is written with,
// relative ('../store/x.ts') or through the package imports ('#shared/…', '#infra/…').
const layer = {
  notInfra: {
    regex: '^#infra/|(^|/)(infra|functions)/',
    message: 'shared/ never imports infra/ or functions/: describe the resource in shared/ (topology.ts, routes) and let both realisations read it.',
  },
  providersByRegistry: {
    regex: '(^|/)providers/(?!(registry|types|capabilities)\\.ts$)',
    message: 'Reach a provider through providers/registry.ts (and its capabilities in providers/types.ts or providers/capabilities.ts), never an engine module.',
  },
  noIo: {
    regex: '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|dns|tls|child_process|cluster|worker_threads|readline)$|^@aws-sdk/|^undici$|^@aws-lambda-powertools/',
    message: 'The domain is pure: no file, network, process or AWS access. Do the I/O in the module that calls the domain.',
  },
};

/** Out of shared/domain/ from a file `depth` folders below it: only the provider types may be named. */
const outOfDomain = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}(?!providers/types\\.ts$)|^#(?!shared/domain/|shared/providers/types\\.ts$)`,
  message: 'The domain imports only the domain (and the provider types): settings, stores and clients are passed in by the caller.',
});

const restrict = (...patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.data/', 'bench/results/', 'coverage/', 'web/dist/', 'web/.builds/', 'shared/http/api-schema.d.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Tests, the CLI and the local tools talk to a terminal; the emulators parse loose JSON.
    files: ['test/**', 'infra/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Size: no file over a screenful of screens, no function over a screen. Tests' describe
  // blocks are containers, not functions, so test files are held to the file limit only.
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  // Layers. A later block replaces the rule of an earlier one for its files, so each repeats
  // the rules of the layers around it.
  {
    files: ['functions/**/*.ts', 'infra/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(layer.providersByRegistry) },
  },
  {
    files: ['functions/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(layer.providersByRegistry, { regex: '^#infra/|(^|/)infra/', message: 'A function imports shared/ only: infra/ builds and runs functions, not the other way round.' }) },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/providers/**'],
    rules: { 'no-restricted-imports': restrict(layer.notInfra, layer.providersByRegistry) },
  },
  {
    files: ['shared/providers/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(layer.notInfra) },
  },
  {
    files: ['shared/domain/*.ts'],
    rules: { 'no-restricted-imports': restrict(layer.notInfra, layer.providersByRegistry, layer.noIo, outOfDomain(1)) },
  },
  {
    files: ['shared/domain/*/*.ts'],
    rules: { 'no-restricted-imports': restrict(layer.notInfra, layer.providersByRegistry, layer.noIo, outOfDomain(2)) },
  },
);
