// Nothing of the local stack is reachable from another machine (issue 16, item 1): from a network
// namespace joined by a veth pair (a non-loopback address of this machine), every port any process
// of the stack listens on refuses the connection. A server of the test's own on all interfaces is
// reachable the same way, so the probe itself is shown to work.
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningSockets, processTree, socketInodes } from '../../infra/local/procfs.ts';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { createProbeNamespace, type ProbeNamespace } from '../support/netns.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-exposure-'));
let stack: LocalProcess | undefined;
let probe: ProbeNamespace;
let open: Server;

beforeAll(async () => {
  probe = createProbeNamespace();
  open = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => open.listen(0, '0.0.0.0', resolve));
  stack = await startLocalProcess(dataDir);
}, 900_000);

afterAll(async () => {
  await stack?.destroy();
  open?.close();
  probe?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local stack seen from another address', () => {
  it('reaches a server listening on all interfaces (the probe works)', () => {
    expect(probe.connects((open.address() as { port: number }).port)).toBe(true);
  });

  it('refuses every port of every process of the stack, DynamoDB Local included', () => {
    const tree = processTree(stack!.child.pid!);
    expect(tree).toContain(stack!.runtime.dynamoPid);
    const inodes = new Set(tree.flatMap((pid) => [...socketInodes(pid)]));
    const ports = [...new Set(listeningSockets().filter((s) => inodes.has(s.inode)).map((s) => s.port))];
    const expected = Object.values({ gateway: stack!.runtime.url, ...stack!.runtime.endpoints }).map((url) => Number(new URL(url).port));
    for (const port of expected) expect(ports).toContain(port);
    expect(ports.filter((port) => probe.connects(port))).toEqual([]);
  }, 120_000);
});
