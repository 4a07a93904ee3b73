/**
 * In-memory schedule state with optional whole-file JSON persistence.
 *
 * Records are kept in the same shape the Scheduler API returns, so handlers can
 * answer GetSchedule without a mapping layer; firing bookkeeping lives apart in
 * `runtime`, which is never sent over the wire.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export const DEFAULT_GROUP = 'default';
const ACCOUNT_ID = '000000000000';

export interface TargetConfig {
  Arn: string;
  RoleArn: string;
  Input?: string;
  SqsParameters?: { MessageGroupId?: string };
  RetryPolicy: { MaximumRetryAttempts: number; MaximumEventAgeInSeconds: number };
  DeadLetterConfig?: { Arn?: string };
  [other: string]: unknown;
}

export interface ScheduleConfig {
  Name: string;
  GroupName: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone: string;
  State: 'ENABLED' | 'DISABLED';
  FlexibleTimeWindow: { Mode: 'OFF' | 'FLEXIBLE'; MaximumWindowInMinutes?: number };
  Target: TargetConfig;
  ActionAfterCompletion: 'NONE' | 'DELETE';
  StartDate?: number; // epoch seconds, as on the wire
  EndDate?: number;
  Description?: string;
  KmsKeyArn?: string;
}

/** Firing bookkeeping; all instants are epoch ms from the emulator clock. */
export interface FireState {
  nextFireAt: number | null; // null once completed (or an exhausted/ended series)
  attempts: number; // failed deliveries of the current occurrence
  firstAttemptAt: number | null;
  retryAt: number | null;
  completed: boolean;
}

export interface ScheduleRecord extends ScheduleConfig {
  Arn: string;
  CreationDate: number; // epoch seconds
  LastModificationDate: number;
  ClientToken?: string;
  runtime: FireState;
}

export interface GroupRecord {
  Arn: string;
  Name: string;
  State: 'ACTIVE';
  CreationDate: number;
  LastModificationDate: number;
}

interface Snapshot {
  version: 1;
  groups: GroupRecord[];
  schedules: ScheduleRecord[];
}

export function scheduleArn(region: string, group: string, name: string): string {
  return `arn:aws:scheduler:${region}:${ACCOUNT_ID}:schedule/${group}/${name}`;
}

export function groupArn(region: string, name: string): string {
  return `arn:aws:scheduler:${region}:${ACCOUNT_ID}:schedule-group/${name}`;
}

export class ScheduleStore {
  private readonly groupMap = new Map<string, GroupRecord>();
  private readonly scheduleMap = new Map<string, Map<string, ScheduleRecord>>();
  private writes: Promise<void> = Promise.resolve();
  private tmpCounter = 0;

  private constructor(private readonly dataFile: string | undefined) {}

  static async open(dataFile: string | undefined, region: string, nowMs: number): Promise<ScheduleStore> {
    const store = new ScheduleStore(dataFile);
    const snapshot = dataFile ? await readSnapshot(dataFile) : undefined;
    for (const group of snapshot?.groups ?? []) store.groupMap.set(group.Name, group);
    for (const schedule of snapshot?.schedules ?? []) store.bucket(schedule.GroupName).set(schedule.Name, schedule);
    if (!store.groupMap.has(DEFAULT_GROUP)) {
      const seconds = nowMs / 1000;
      store.groupMap.set(DEFAULT_GROUP, {
        Arn: groupArn(region, DEFAULT_GROUP),
        Name: DEFAULT_GROUP,
        State: 'ACTIVE',
        CreationDate: seconds,
        LastModificationDate: seconds,
      });
    }
    return store;
  }

  group(name: string): GroupRecord | undefined {
    return this.groupMap.get(name);
  }

  groups(): GroupRecord[] {
    return [...this.groupMap.values()].sort((a, b) => compare(a.Name, b.Name));
  }

  putGroup(group: GroupRecord): Promise<void> {
    this.groupMap.set(group.Name, group);
    return this.save();
  }

  /** Deleting a group takes its schedules with it, as in AWS. */
  removeGroup(name: string): Promise<void> {
    this.groupMap.delete(name);
    this.scheduleMap.delete(name);
    return this.save();
  }

  schedule(group: string, name: string): ScheduleRecord | undefined {
    return this.scheduleMap.get(group)?.get(name);
  }

  /** Sorted by group then name so ListSchedules pagination is stable. */
  schedules(): ScheduleRecord[] {
    const all = [...this.scheduleMap.values()].flatMap((bucket) => [...bucket.values()]);
    return all.sort((a, b) => compare(a.GroupName, b.GroupName) || compare(a.Name, b.Name));
  }

  putSchedule(schedule: ScheduleRecord): Promise<void> {
    this.bucket(schedule.GroupName).set(schedule.Name, schedule);
    return this.save();
  }

  removeSchedule(group: string, name: string): Promise<void> {
    this.scheduleMap.get(group)?.delete(name);
    return this.save();
  }

  /**
   * Queues an atomic write of the current state. The snapshot is taken now and
   * writes are chained, so the file always ends up holding the latest state even
   * when mutations overlap.
   */
  save(): Promise<void> {
    if (!this.dataFile) return Promise.resolve();
    const file = this.dataFile;
    const text = JSON.stringify(this.snapshot(), null, 2);
    const tmp = `${file}.${process.pid}.${++this.tmpCounter}.tmp`;
    const next = this.writes.catch(() => undefined).then(() => writeAtomically(file, tmp, text));
    this.writes = next;
    return next;
  }

  /** Resolves once every queued write has landed (or failed). */
  async flush(): Promise<void> {
    await this.writes.catch(() => undefined);
  }

  private snapshot(): Snapshot {
    return { version: 1, groups: this.groups(), schedules: this.schedules() };
  }

  private bucket(group: string): Map<string, ScheduleRecord> {
    let bucket = this.scheduleMap.get(group);
    if (!bucket) {
      bucket = new Map();
      this.scheduleMap.set(group, bucket);
    }
    return bucket;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function writeAtomically(file: string, tmp: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, file);
}

async function readSnapshot(file: string): Promise<Snapshot | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<Snapshot>;
  if (parsed.version !== 1 || !Array.isArray(parsed.groups) || !Array.isArray(parsed.schedules)) {
    throw new Error(`Scheduler emulator data file ${file} is not a version 1 snapshot`);
  }
  return parsed as Snapshot;
}
