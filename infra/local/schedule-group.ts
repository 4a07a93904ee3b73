import { ConflictException, CreateScheduleGroupCommand } from '@aws-sdk/client-scheduler';
import { schedulerClient } from '#shared/clients/scheduler.ts';

/** The group the service's one-time schedules live in (CDK creates it on AWS). */
export async function createScheduleGroup(name: string): Promise<void> {
  try {
    await schedulerClient().send(new CreateScheduleGroupCommand({ Name: name }));
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error;
  }
}
