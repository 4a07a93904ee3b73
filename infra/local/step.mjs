#!/usr/bin/env node
// Runs one start step of `npm start` that happens before the runtime (the web app's build),
// printing it as the runtime prints its own: "  label … 12.3 s".
// Usage: node infra/local/step.mjs "<label>" <command> [args…]
import { spawnSync } from 'node:child_process';

const [label, command, ...args] = process.argv.slice(2);
const began = performance.now();
process.stdout.write(`  ${label} … `);
const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
process.stdout.write(result.status === 0 ? `${((performance.now() - began) / 1000).toFixed(1)} s\n` : 'failed\n');
if (result.status !== 0) process.stdout.write(result.stdout ?? '');
process.exit(result.status ?? 1);
