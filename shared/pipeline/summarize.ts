// The summary job: claim the SUMMARIZING recording, summarise its transcript with the
// prompt that wins by precedence, store the Markdown, and complete the recording.
import { getJson } from '../blob/objects.ts';
import { sendLater } from '../queue/jobs.ts';
import { summarizeJob } from '../queue/messages.ts';
import { settings } from '../config.ts';
import { pricesFor, tokenCost } from '../domain/pricing.ts';
import { steps } from '../domain/recordings/progress.ts';
import { logger } from '../logger.ts';
import { languageModel } from '../providers/registry.ts';
import type { FoundEvent, Segment, TokenUsage } from '../providers/types.ts';
import { utcFrom } from '../domain/time-zones.ts';
import { publish } from '../recordings/publish.ts';
import { BudgetExceededError, checkTokenBudget } from '../store/budgets.ts';
import { replaceEvents } from '../store/calendar-events.ts';
import { StaleRecordingError, transition } from '../store/recording-writes.ts';
import type { Recording } from '../store/recordings.ts';
import { addUsage } from '../store/usage.ts';
import { getUserSettings } from '../store/users.ts';
import { recordingTimeZone } from '../recordings/zone.ts';
import { ownerTags } from '../tags/access.ts';
import { pickSummaryPrompt, type Tag } from '../tags/rules.ts';
import { claim, keepLease } from './lease.ts';
import { retryOrFail } from './outcome.ts';
import { progressReporter } from './progress.ts';

const BUILT_IN_SUMMARY_PROMPT =
  'Summarise this meeting for someone who missed it: the key points, the decisions taken, the action items with their owners and due dates, and the dates mentioned. Answer in Markdown.';

/** The job's two steps (the summary, then the event search) count for half its progress each. */
const STEP_WEIGHTS = [1, 1];

export async function runSummary(recordingId: number): Promise<void> {
  const claimed = await claim(recordingId, 'SUMMARIZING');
  if (!claimed) return;
  const lease = keepLease(claimed.recording);
  const started = Date.now();
  try {
    const recording = claimed.recording;
    // decisions §9: over the token budget the summary fails (the transcript stays).
    await checkTokenBudget(recording.user_id);
    const { segments } = await getJson<{ segments: Segment[] }>('transcripts/', recording.transcript_key!);
    const tags = await ownerTags(recording);
    const timeZone = await recordingTimeZone(recording);
    const step = steps(await progressReporter(recording), STEP_WEIGHTS);
    const result = await (await languageModel()).summarize({
      segments,
      prompt: await summaryPrompt(recording, tags),
      context: { title: recording.title, meetingDate: recording.meeting_date, participants: recording.participants || undefined, tagNames: tags.map((t) => t.name), timeZone },
      signal: lease.lost,
      onProgress: step(0),
    });
    // decisions §4: calendar events from the summary's job; their failure never fails the summary.
    const found = await extractCalendarEvents(recording, timeZone, segments, result.markdown, lease.lost, step(1));
    const usage = { prompt_tokens: result.usage.prompt_tokens + found.usage.prompt_tokens, completion_tokens: result.usage.completion_tokens + found.usage.completion_tokens };
    lease.stop();
    const now = new Date();
    const { events } = await transition(lease.current(), 'summary-stored', {
      events: found.count > 0 ? [{ type: 'recording.events.extracted', extra: { events_count: found.count } }] : [],
      changes: { has_summary: true, summarization_duration_seconds: Math.round(Date.now() - started) / 1000, completed_at: now.toISOString(), lease_until: null, attempt: 0, error_message: null },
      texts: { summary: result.markdown },
      now,
    });
    await addUsage(recording.user_id, { ...usage, estimated_cost: costOf(usage) }, now);
    // The dashboard's stage durations and LLM tokens come from this line.
    logger.info('summary done', { recording_id: recording.id, duration_seconds: (Date.now() - started) / 1000, prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens });
    await publish(events);
  } catch (error) {
    lease.stop();
    // Another worker took over, or the recording changed or went meanwhile: nothing to do.
    if (lease.lost.aborted || error instanceof StaleRecordingError) return;
    const fail = async (message: string) => {
      // The transcript stays; only the summary step failed (decisions §4).
      const { events } = await transition(lease.current(), 'summary-failed', { changes: { error_message: message, lease_until: null } });
      await publish(events);
    };
    if (error instanceof BudgetExceededError) return fail(error.message).catch(ignoreStale);
    logger.warn('summary attempt failed', { recording_id: recordingId, error });
    const requeue = (delay: number) => sendLater('summarize', summarizeJob(recordingId), delay);
    await retryOrFail(lease.current(), error, { what: 'Summary', requeue }, fail);
  }
}

/** Priced by the configured provider and model; a broken PRICE_TABLE costs the estimate, not the summary. */
function costOf(usage: { prompt_tokens: number; completion_tokens: number }): number {
  const s = settings();
  try {
    return tokenCost(s.llmProvider, s.llm.model, usage, pricesFor(s.priceTable));
  } catch (error) {
    logger.error('no token cost recorded', { error });
    return 0;
  }
}

function ignoreStale(error: unknown): void {
  if (!(error instanceof StaleRecordingError)) throw error;
}

const NO_USAGE: TokenUsage = { prompt_tokens: 0, completion_tokens: 0 };

/**
 * Extracts and stores (replacing the previous ones) the recording's calendar events. A failure
 * is logged and the summary goes on without events (the stored ones stay); only a lost lease
 * propagates, so the job stops as it would anyway.
 */
async function extractCalendarEvents(
  recording: Recording,
  timeZone: string,
  segments: Segment[],
  summary: string,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<{ count: number; usage: TokenUsage }> {
  try {
    const { events, usage } = await (await languageModel()).extractEvents({
      segments,
      summary,
      context: { title: recording.title, meetingDate: recording.meeting_date, participants: recording.participants || undefined, timeZone },
      signal,
      onProgress,
    });
    signal.throwIfAborted();
    const stored = await replaceEvents(recording.id, inUtc(events, timeZone));
    return { count: stored.length, usage: usage ?? NO_USAGE };
  } catch (error) {
    if (signal.aborted) throw error;
    logger.warn('calendar event extraction failed; the summary is stored without events', { recording_id: recording.id, error });
    return { count: 0, usage: NO_USAGE };
  }
}

/** Events with UTC times: a model's naive wall-clock times are read in the recording's zone; unreadable ones are dropped. */
function inUtc(events: readonly FoundEvent[], timeZone: string): FoundEvent[] {
  return events.flatMap((e) => {
    const start = utcFrom(e.start_datetime, timeZone);
    const end = e.end_datetime ? utcFrom(e.end_datetime, timeZone) : start;
    return start ? [{ ...e, start_datetime: start, end_datetime: end ?? start }] : [];
  });
}

/** decisions: request custom_prompt → the tags' prompts (in tag order) → user → admin → built-in. */
async function summaryPrompt(recording: Recording, tags: readonly Tag[]): Promise<string> {
  if (recording.summary_prompt) return recording.summary_prompt;
  const user = await getUserSettings(recording.user_id);
  return pickSummaryPrompt({ request: null, tags, user: user.summary_prompt, admin: settings().adminDefaultSummaryPrompt, builtIn: BUILT_IN_SUMMARY_PROMPT });
}
