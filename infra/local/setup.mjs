#!/usr/bin/env node
// Installs the Debian packages the service (or its tests) needs when they are missing, so a
// fresh machine needs nothing done by hand. Plain JavaScript: it runs before anything else.
// Usage: node infra/local/setup.mjs start|test
import { execFileSync, spawnSync } from 'node:child_process';

const SERVICE = [
  { command: 'java', packages: ['openjdk-17-jre-headless'] },
  // The embedded engines: decoding and offline speech recognition.
  { command: 'ffmpeg', packages: ['ffmpeg'] },
  { command: 'pocketsphinx_continuous', packages: ['pocketsphinx', 'pocketsphinx-en-us'] },
  { command: 'test -d /usr/share/pocketsphinx/model/en-us/en-us && true', packages: ['pocketsphinx-en-us'] },
];
const NEEDS = {
  start: SERVICE,
  test: [
    ...SERVICE,
    // Test speech (two voices) and the browser test of the API explorer.
    { command: 'flite', packages: ['flite'] },
    { command: 'sox', packages: ['sox'] },
    // Real read speech with transcripts for the speech-recognition benchmark.
    { command: 'test -d /usr/share/pocketsphinx/test/data/librivox && true', packages: ['pocketsphinx-testdata'] },
    { command: 'chromium', packages: ['chromium'] },
  ],
};

const mode = process.argv[2] ?? 'start';
const has = (command) => spawnSync('sh', ['-c', command.includes(' ') ? command : `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const missing = [...new Set((NEEDS[mode] ?? []).filter((need) => !has(need.command)).flatMap((need) => need.packages))];

if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : has('sudo') ? ['sudo'] : null;
  if (!sudo) {
    console.error(`Missing Debian packages: ${missing.join(' ')}. Install them with apt-get as root and run again.`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' ')} with apt-get (once)…`);
  const run = (args) => execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-q']);
  run(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing]);
}
