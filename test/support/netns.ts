// A network namespace joined to this machine by a veth pair: from inside it, this machine is a
// non-loopback address (10.231.x.1), as another host on the same network sees it. Needs root
// and iproute2; the namespace and the link are removed by `remove()`.
import { execFileSync, spawnSync } from 'node:child_process';

export interface ProbeNamespace {
  /** This machine's address as seen from the namespace. */
  readonly hostAddress: string;
  /** Tries a TCP connection from inside the namespace: true when it was accepted. */
  connects(port: number): boolean;
  remove(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

export function createProbeNamespace(): ProbeNamespace {
  const id = `${process.pid % 200}`;
  const name = `vbt-probe-${id}`;
  const [host, peer] = [`vbt-h${id}`, `vbt-n${id}`];
  const subnet = `10.231.${id}`;
  const remove = () => {
    spawnSync('ip', ['netns', 'del', name]);
    spawnSync('ip', ['link', 'del', host]);
  };
  remove();
  ip('netns', 'add', name);
  ip('link', 'add', host, 'type', 'veth', 'peer', 'name', peer);
  ip('link', 'set', peer, 'netns', name);
  ip('addr', 'add', `${subnet}.1/30`, 'dev', host);
  ip('link', 'set', host, 'up');
  ip('netns', 'exec', name, 'ip', 'addr', 'add', `${subnet}.2/30`, 'dev', peer);
  ip('netns', 'exec', name, 'ip', 'link', 'set', peer, 'up');
  const hostAddress = `${subnet}.1`;
  return {
    hostAddress,
    // bash's /dev/tcp: connect, then close; exit status 0 only when the connection was accepted.
    connects: (port) => spawnSync('ip', ['netns', 'exec', name, 'timeout', '3', 'bash', '-c', `exec 3<>/dev/tcp/${hostAddress}/${port}`]).status === 0,
    remove,
  };
}
