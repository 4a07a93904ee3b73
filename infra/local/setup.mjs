#!/usr/bin/env node
// Installs the Debian packages the service (or its tests) needs when they are missing, so a
// fresh machine needs nothing done by hand. Plain JavaScript: it runs before anything else.
// Usage: node infra/local/setup.mjs start|test
// Another apt run holding the package locks is waited for; any failure ends in one line
// saying what to run by hand.
import { spawnSync } from 'node:child_process';
import { waitForAptLock } from './apt-lock.mjs';

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
    // The exposure test probes the stack from a network namespace of its own.
    { command: 'ip netns list', packages: ['iproute2'] },
  ],
};

const began = performance.now();
const mode = process.argv[2] ?? 'start';
const has = (command) => spawnSync('sh', ['-c', command.includes(' ') ? command : `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const missing = [...new Set((NEEDS[mode] ?? []).filter((need) => !has(need.command)).flatMap((need) => need.packages))];
const byHand = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
const fail = (why) => {
  console.error(`Setup failed: ${why}. Run as root: ${byHand}; then run this again.`);
  process.exit(1);
};

if (missing.length > 0) {
  const sudo = process.getuid?.() === 0 ? [] : has('sudo') ? ['sudo'] : fail(`missing Debian packages ${missing.join(' ')}, and this user cannot install them`);
  console.log(`Installing ${missing.join(' ')} with apt-get (once)…`);
  const run = async (args) => {
    await waitForAptLock();
    // apt itself waits too, for a run that takes the lock between our look and its own.
    const [command, ...rest] = [...sudo, 'apt-get', '-o', 'DPkg::Lock::Timeout=300', ...args];
    const result = spawnSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) fail(`apt-get ${args[0]} ${result.error ? `could not run (${result.error.message})` : `exited with ${result.status ?? result.signal}`}`);
  };
  try {
    await run(['update', '-q']);
    await run(['install', '-y', '-q', '--no-install-recommends', ...missing]);
  } catch (error) {
    fail(error.message);
  }
}
console.log(`  checking packages … ${missing.length ? 'installed' : 'all present'}, ${((performance.now() - began) / 1000).toFixed(1)} s`);
