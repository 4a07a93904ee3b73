// Where the numbers were measured: they mean little without the machine beside them.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type, arch } from 'node:os';

export interface MachineInfo {
  readonly cpuModel: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly os: string;
  readonly loadAverage: readonly number[];
  readonly gitCommit: string | undefined;
  readonly gitDirty: boolean | undefined;
}

function git(args: string[], cwd: string): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function machineInfo(projectRoot: string): MachineInfo {
  const cpuList = cpus();
  const status = git(['status', '--porcelain'], projectRoot);
  return {
    cpuModel: cpuList[0]?.model ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${type()} ${release()} ${arch()}`,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    gitCommit: git(['rev-parse', 'HEAD'], projectRoot),
    gitDirty: status === undefined ? undefined : status.length > 0,
  };
}

export function describeMachine(m: MachineInfo): string {
  return `${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}`;
}
