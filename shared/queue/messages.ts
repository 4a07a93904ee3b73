// The bodies of the pipeline's queue messages, as zod schemas: the senders' types and the
// consumers' parsers (shared/pipeline/sqs-worker.ts). No I/O here, so a worker can import a
// schema without bundling a queue client.
import * as z from 'zod/mini';

/** A recording's next pipeline step, on the transcribe or summarize queue. */
export const jobMessage = z.object({ recording_id: z.number().check(z.int(), z.positive()), job: z.enum(['transcribe', 'summarize']) });
export type JobMessage = z.infer<typeof jobMessage>;
export const transcribeJob = (recordingId: number): JobMessage => ({ recording_id: recordingId, job: 'transcribe' });
export const summarizeJob = (recordingId: number): JobMessage => ({ recording_id: recordingId, job: 'summarize' });

/**
 * A committed event to fan out, on the events queue. Its owner and type (absent in messages
 * sent before they were added) let the consumer list the owner's webhooks while it reads the
 * event, instead of after.
 */
export const eventMessage = z.object({
  event_id: z.string().check(z.minLength(1)),
  user_id: z.optional(z.number().check(z.int(), z.positive())),
  type: z.optional(z.string().check(z.minLength(1))),
});
export type EventMessage = z.infer<typeof eventMessage>;
export const eventJob = (event: { id: string; user_id: number; type: string }): EventMessage => ({ event_id: event.id, user_id: event.user_id, type: event.type });

/** One delivery to attempt, on the deliveries queue. */
/** `resends`: the delivery's resend count when this message was sent (absent: 0; shared/store/deliveries.ts). */
export const deliveryMessage = z.object({ delivery_id: z.string().check(z.minLength(1)), webhook_id: z.number().check(z.int(), z.positive()), resends: z.optional(z.number().check(z.int(), z.nonnegative())) });
export type DeliveryMessage = z.infer<typeof deliveryMessage>;

const userId = z.number().check(z.int(), z.positive());

/** A search-index update on the FIFO search queue: one recording again, or the user's whole index. */
export const indexMessage = z.union([
  z.object({ user_id: userId, recording_id: z.number().check(z.int(), z.positive()) }),
  z.object({ user_id: userId, rebuild: z.literal(true) }),
]);
export type IndexMessage = z.infer<typeof indexMessage>;
