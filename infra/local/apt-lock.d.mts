export const APT_LOCKS: string[];

export interface LockHolder {
  readonly pid: number;
  readonly command: string;
  readonly file: string;
}

export function lockHolder(files?: readonly string[]): LockHolder | undefined;

export function waitForAptLock(options?: { files?: readonly string[]; timeoutMs?: number; intervalMs?: number; log?: (line: string) => void }): Promise<void>;
