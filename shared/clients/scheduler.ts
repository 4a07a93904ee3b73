// The EventBridge Scheduler client in a module of its own (see clients.ts).
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { onResetClients } from '../clients.ts';
import { settings } from '../config.ts';

let scheduler: SchedulerClient | undefined;

export function schedulerClient(): SchedulerClient {
  scheduler ??= new SchedulerClient({ region: settings().region });
  return scheduler;
}

onResetClients(() => {
  scheduler = undefined;
});
