// What Linux's /proc says about processes and their listening sockets: the children a start
// must stop, and who holds a port (for "in use" messages and the loopback test).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ListeningSocket {
  /** 127.0.0.1, 0.0.0.0, ::, ::1, ::ffff:127.0.0.1, … */
  readonly address: string;
  readonly port: number;
  readonly inode: number;
}

const pids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);

/** Parent pid of `pid`, or undefined once it is gone. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const parents = new Map(pids().map((p) => [p, parentOf(p)]));
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** Socket inodes a process holds open (empty when it is gone or not ours to read). */
export function socketInodes(pid: number): Set<number> {
  const inodes = new Set<number>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const match = /^socket:\[(\d+)\]$/.exec(safeReadlink(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(Number(match[1]));
    }
  } catch {
    // gone, or another user's
  }
  return inodes;
}

const safeReadlink = (path: string) => {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
};

/** Every TCP socket in LISTEN state in this network namespace, IPv4 and IPv6. */
export function listeningSockets(): ListeningSocket[] {
  const sockets: ListeningSocket[] = [];
  for (const [file, decode] of [['/proc/net/tcp', ipv4], ['/proc/net/tcp6', ipv6]] as const) {
    let table = '';
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6
    }
    for (const line of table.trim().split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state !== '0A' || !local || !inode) continue;
      const [hex, port] = local.split(':');
      sockets.push({ address: decode(hex!), port: parseInt(port!, 16), inode: Number(inode) });
    }
  }
  return sockets;
}

/** The process listening on TCP `port`, if this user may see it. */
export function portOwner(port: number): { pid: number; command: string } | undefined {
  const inodes = new Set(listeningSockets().filter((s) => s.port === port).map((s) => s.inode));
  if (inodes.size === 0) return undefined;
  for (const pid of pids()) {
    if ([...socketInodes(pid)].some((inode) => inodes.has(inode))) return { pid, command: commandOf(pid) };
  }
  return undefined;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/** /proc writes each 32-bit word of an address in host (little-endian) byte order. */
const words = (hex: string) => (hex.match(/.{8}/g) ?? []).map((word) => Buffer.from(word, 'hex').reverse());

function ipv4(hex: string): string {
  return [...words(hex)[0]!].join('.');
}

function ipv6(hex: string): string {
  const bytes = Buffer.concat(words(hex));
  if (bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return `::ffff:${[...bytes.subarray(12)].join('.')}`;
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}
