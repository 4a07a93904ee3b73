// Waits while another apt or dpkg run (automatic updates on a new machine, say) holds the
// package locks, saying who holds them, instead of letting apt-get fail. Plain JavaScript:
// setup.mjs runs before anything else is installed. Holders are found in /proc/locks.
import { readFileSync, statSync } from 'node:fs';

export const APT_LOCKS = ['/var/lib/dpkg/lock-frontend', '/var/lib/dpkg/lock', '/var/lib/apt/lists/lock', '/var/cache/apt/archives/lock'];

/** "major:minor:inode" as /proc/locks writes it (device numbers in hex, as glibc splits dev_t). */
function lockKey(file) {
  try {
    const { dev, ino } = statSync(file, { bigint: true });
    const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
    const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
    return `${major.toString(16).padStart(2, '0')}:${minor.toString(16).padStart(2, '0')}:${ino}`;
  } catch {
    return undefined; // no such lock file: nothing holds it
  }
}

/** The first process holding a lock on one of `files`: { pid, command, file }, or undefined. */
export function lockHolder(files = APT_LOCKS) {
  const keys = new Map(files.map((file) => [lockKey(file), file]).filter(([key]) => key));
  const locks = readFileSync('/proc/locks', 'utf8').split('\n');
  for (const line of locks) {
    // "1: POSIX  ADVISORY  WRITE 1234 08:01:5678 0 EOF" (a waiter's line has "->" after the number)
    const fields = line.replace('->', '').trim().split(/\s+/);
    const [pid, key] = [Number(fields[4]), fields[5]];
    if (keys.has(key) && pid > 0) return { pid, command: commandOf(pid), file: keys.get(key) };
  }
  return undefined;
}

function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return 'a process';
  }
}

/** Resolves once no one holds `files`; says whom it waits for; gives up after `timeoutMs`. */
export async function waitForAptLock({ files = APT_LOCKS, timeoutMs = 300_000, intervalMs = 1000, log = console.log } = {}) {
  const deadline = Date.now() + timeoutMs;
  const limit = timeoutMs >= 60_000 ? `${Math.round(timeoutMs / 60_000)} minutes` : `${Math.round(timeoutMs / 1000)} s`;
  let said = '';
  for (let holder = lockHolder(files); holder; holder = lockHolder(files)) {
    const who = `${holder.command} (pid ${holder.pid})`;
    if (Date.now() > deadline) throw new Error(`${who} still holds ${holder.file} after ${limit}`);
    if (who !== said) log(`Waiting for ${who} to release ${holder.file} (another apt or dpkg run; up to ${limit})…`);
    said = who;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
