// The body of a delivery (spec: Envelope): compact JSON, stored once and sent and signed as
// exactly those bytes on every attempt. `type` is one of the event catalogue's.
import type { EventType } from '../domain/webhooks/catalogue.ts';

export interface EnvelopeEvent {
  readonly type: EventType;
  readonly timestamp: string;
  readonly user_id: number;
  readonly data: Record<string, unknown>;
}

export function envelope(deliveryId: string, event: EnvelopeEvent, replayedFrom?: string): string {
  return JSON.stringify({ id: deliveryId, type: event.type, timestamp: event.timestamp, user_id: event.user_id, data: event.data, ...(replayedFrom ? { replayed_from: replayedFrom } : {}) });
}

/** A replay is a new delivery of the same event: a new id, and where it came from. */
export function replayEnvelope(original: string, newDeliveryId: string, originalDeliveryId: string): string {
  const parsed = JSON.parse(original) as EnvelopeEvent & { id: string };
  return envelope(newDeliveryId, { type: parsed.type, timestamp: parsed.timestamp, user_id: parsed.user_id, data: parsed.data }, originalDeliveryId);
}
