// The summary job: claim the SUMMARIZING recording, summarise its transcript with the
// prompt that wins by precedence, store the Markdown, and complete the recording.
import { getJson } from '../blob/objects.ts';
import { settings } from '../config.ts';
import { logger } from '../logger.ts';
import { languageModel } from '../providers/registry.ts';
import type { Segment } from '../providers/types.ts';
import { publish } from '../recordings/publish.ts';
import { StaleRecordingError, transition } from '../store/recording-writes.ts';
import type { Recording } from '../store/recordings.ts';
import { addUsage } from '../store/usage.ts';
import { getUserSettings } from '../store/users.ts';
import { claim, keepLease } from './lease.ts';
import { retryOrFail } from './outcome.ts';

export const BUILT_IN_SUMMARY_PROMPT =
  'Summarise this meeting for someone who missed it: the key points, the decisions taken, the action items with their owners and due dates, and the dates mentioned. Answer in Markdown.';

export async function runSummary(recordingId: number): Promise<void> {
  const claimed = await claim(recordingId, 'SUMMARIZING');
  if (!claimed) return;
  const lease = keepLease(claimed.recording);
  const started = Date.now();
  try {
    const recording = claimed.recording;
    const { segments } = await getJson<{ segments: Segment[] }>(recording.transcript_key!);
    const result = await languageModel().summarize({
      segments,
      prompt: await summaryPrompt(recording),
      context: { title: recording.title, meetingDate: recording.meeting_date, participants: recording.participants || undefined },
      signal: lease.lost,
    });
    lease.stop();
    const now = new Date();
    const { events } = await transition(lease.current(), 'summary-stored', {
      changes: { has_summary: true, summarization_duration_seconds: Math.round(Date.now() - started) / 1000, completed_at: now.toISOString(), lease_until: null, attempt: 0, error_message: null },
      texts: { summary: result.markdown },
      now,
    });
    await addUsage(recording.user_id, { prompt_tokens: result.usage.prompt_tokens, completion_tokens: result.usage.completion_tokens }, now);
    await publish(events);
  } catch (error) {
    lease.stop();
    // Another worker took over, or the recording changed or went meanwhile: nothing to do.
    if (lease.lost.aborted || error instanceof StaleRecordingError) return;
    logger.warn('summary attempt failed', { recording_id: recordingId, error });
    await retryOrFail(lease.current(), error, 'summarize', async (message) => {
      // The transcript stays; only the summary step failed (decisions §4).
      const { events } = await transition(lease.current(), 'summary-failed', { changes: { error_message: message, lease_until: null } });
      await publish(events);
    });
  }
}

/** decisions: request custom_prompt → tag prompts (with the tags issue) → user → admin → built-in. */
async function summaryPrompt(recording: Recording): Promise<string> {
  if (recording.summary_prompt) return recording.summary_prompt;
  const user = await getUserSettings(recording.user_id);
  return user.summary_prompt ?? settings().adminDefaultSummaryPrompt ?? BUILT_IN_SUMMARY_PROMPT;
}
