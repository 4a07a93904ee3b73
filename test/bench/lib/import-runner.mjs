// Runs in a fresh process: imports one bundle and prints how long that took. performance.now()
// counts from the process's time origin, so the second number is "ready since start".
const target = process.argv[2];
const before = performance.now();
const mod = await import(target);
const after = performance.now();
if (typeof mod.handler !== 'function') {
  process.stderr.write(`${target} exports no handler\n`);
  process.exit(2);
}
process.stdout.write(JSON.stringify({ importMs: after - before, readyMs: after }));
