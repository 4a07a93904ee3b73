// ASR_PROVIDER=aws-transcribe: an Amazon Transcribe batch job on the audio object itself, with
// speaker labels. Transcribe runs the job on its own time, so this provider is external: the
// pipeline starts the job and returns; the job's completion (an EventBridge "Transcribe Job
// State Change" event on the transcribe queue, or a poll once the lease runs out) collects the
// result JSON that Transcribe wrote to the bucket. Region, credentials and endpoint come from
// the SDK's usual chain (AWS_ENDPOINT_URL_TRANSCRIBE points it elsewhere); the SDK's retries
// are off, retrying is the pipeline's job.
import { GetTranscriptionJobCommand, LanguageCode, StartTranscriptionJobCommand, TranscribeClient, type MediaFormat, type StartTranscriptionJobCommandInput, type TranscriptionJob } from '@aws-sdk/client-transcribe';
import { getJson, objectUri, outputPrefix } from '../../blob/objects.ts';
import { settings } from '../../config.ts';
import { ProviderError, type ExternalJob, type ExternalJobProvider, type ExternalJobRequest, type ExternalJobState, type TranscriptionResult } from '../types.ts';
import { parseTranscribeResult } from './aws-transcribe-result.ts';
import { languageCode } from './labels.ts';

const WHAT = 'Amazon Transcribe';
const ENGINE = 'amazon-transcribe';
/** Transcribe takes 2–30 speakers. */
const DEFAULT_MAX_SPEAKERS = 10;

/** Where the job writes its result: Transcribe names the object <OutputKey><job name>.json. */
const resultPrefix = (recordingId: number) => `transcribe/${recordingId}/`;
export const resultKey = (job: ExternalJob) => `${resultPrefix(job.recordingId)}${job.name}.json`;

/** ISO 639-1 (or a tag like en-GB) → a Transcribe language code; undefined: not supported. */
export function transcribeLanguage(language: string | undefined): LanguageCode | undefined {
  if (!language) return undefined;
  const codes = Object.values(LanguageCode) as string[];
  const exact = codes.find((c) => c.toLowerCase() === language.trim().toLowerCase().replace('_', '-'));
  if (exact) return exact as LanguageCode;
  const iso = languageCode(language);
  if (!iso) return undefined;
  const preferred = PREFERRED[iso] ?? `${iso}-${iso.toUpperCase()}`;
  return (codes.find((c) => c === preferred) ?? codes.find((c) => c.startsWith(`${iso}-`))) as LanguageCode | undefined;
}
const PREFERRED: Record<string, string> = { en: 'en-US', zh: 'zh-CN', ar: 'ar-SA', pt: 'pt-BR', sv: 'sv-SE', da: 'da-DK', ja: 'ja-JP', ko: 'ko-KR', he: 'he-IL', el: 'el-GR', cs: 'cs-CZ', uk: 'uk-UA', hi: 'hi-IN', fa: 'fa-IR', ms: 'ms-MY', vi: 'vi-VN', sw: 'sw-KE' };

const FORMATS: Record<string, MediaFormat> = {
  'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/vnd.wave': 'wav',
  'audio/flac': 'flac', 'audio/x-flac': 'flac', 'audio/ogg': 'ogg', 'audio/opus': 'ogg', 'audio/webm': 'webm', 'video/webm': 'webm',
  'audio/mp4': 'm4a', 'audio/x-m4a': 'm4a', 'audio/m4a': 'm4a', 'video/mp4': 'mp4', 'audio/amr': 'amr',
};

interface SdkError {
  readonly name?: string;
  readonly $fault?: 'client' | 'server';
  readonly $metadata?: { readonly httpStatusCode?: number };
}

const RETRYABLE = new Set(['LimitExceededException', 'InternalFailureException', 'ThrottlingException', 'ServiceUnavailableException', 'TimeoutError']);

/** An SDK failure as a ProviderError: limits, throttling and 5xx are transient, the rest permanent. */
export function transcribeError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = (error && typeof error === 'object' ? error : {}) as SdkError;
  const name = e.name ?? '';
  const status = e.$metadata?.httpStatusCode;
  if (name === 'LimitExceededException') return new ProviderError(`${WHAT} is over its job limit for now`, true);
  if (RETRYABLE.has(name) || e.$fault === 'server' || (status !== undefined && status >= 500)) return new ProviderError(`${WHAT} is busy or failing${name ? ` (${name})` : ''}`, true);
  if (name === 'BadRequestException') return new ProviderError(`${WHAT} refused the job as invalid (BadRequestException)`, false);
  if (name === 'AccessDeniedException' || name === 'UnrecognizedClientException') return new ProviderError(`${WHAT} refused access: check the IAM permissions and credentials`, false);
  if (status === undefined) return new ProviderError(`${WHAT} could not be reached`, true);
  return new ProviderError(`${WHAT} refused the request (HTTP ${status}${name ? `, ${name}` : ''})`, false);
}

export function awsTranscriber(): ExternalJobProvider {
  let client: TranscribeClient | undefined;
  const transcribe = () => (client ??= new TranscribeClient({ region: settings().region, maxAttempts: 1 }));

  async function start(job: ExternalJob, request: ExternalJobRequest): Promise<void> {
    const input = jobInput(job, request);
    try {
      await transcribe().send(new StartTranscriptionJobCommand(input));
    } catch (error) {
      // A job of this name exists: this very start went through before (its answer was lost).
      if ((error as SdkError).name === 'ConflictException') return;
      throw transcribeError(error);
    }
  }

  async function collect(job: ExternalJob, signal?: AbortSignal): Promise<ExternalJobState> {
    let found;
    try {
      ({ TranscriptionJob: found } = await transcribe().send(new GetTranscriptionJobCommand({ TranscriptionJobName: job.name }), { abortSignal: signal }));
    } catch (error) {
      if ((error as SdkError).name === 'NotFoundException') return { status: 'FAILED', reason: `${WHAT} has no record of the job` };
      throw transcribeError(error);
    }
    switch (found?.TranscriptionJobStatus) {
      case 'COMPLETED':
        return completedState(job, found);
      case 'FAILED':
        return { status: 'FAILED', reason: found.FailureReason?.trim() || `${WHAT} failed the job` };
      default:
        return { status: 'IN_PROGRESS' };
    }
  }

  return {
    name: 'aws-transcribe',
    start,
    collect,
    transcribe: () => Promise.reject(new ProviderError(`${WHAT} transcribes audio objects in a job of its own, not local files`, false)),
  };
}

/** The StartTranscriptionJob request for a job: the audio object, its format and language, and speaker labels. */
function jobInput(job: ExternalJob, request: ExternalJobRequest): StartTranscriptionJobCommandInput {
  const { asr } = settings();
  const output = outputPrefix('transcribe/', resultPrefix(job.recordingId));
  const language = transcribeLanguage(request.language);
  const speakers = Math.min(30, Math.max(2, request.maxSpeakers ?? DEFAULT_MAX_SPEAKERS));
  const diarize = asr.diarize && request.maxSpeakers !== 1;
  const format = FORMATS[request.mimeType.split(';')[0]!.trim().toLowerCase()];
  return {
    TranscriptionJobName: job.name,
    Media: { MediaFileUri: objectUri('audio/', request.audioKey) },
    ...(format && { MediaFormat: format }),
    OutputBucketName: output.bucket,
    OutputKey: output.prefix,
    ...(language ? { LanguageCode: language } : { IdentifyLanguage: true }),
    ...(diarize && { Settings: { ShowSpeakerLabels: true, MaxSpeakerLabels: speakers } }),
  };
}

/** A completed job's state: its result JSON read from the bucket, and how long Transcribe took. */
async function completedState(job: ExternalJob, found: TranscriptionJob): Promise<ExternalJobState> {
  const output = parseTranscribeResult(await getJson('transcribe/', resultKey(job)).catch((error: unknown) => {
    if ((error as SdkError).name === 'NoSuchKey') throw new ProviderError(`${WHAT} finished the job but its result is not in the bucket`, false);
    throw error;
  }));
  const began = found.StartTime ?? found.CreationTime;
  const seconds = began && found.CompletionTime ? Math.max(0, (found.CompletionTime.getTime() - began.getTime()) / 1000) : 0;
  const result: TranscriptionResult = {
    segments: output.segments,
    language: output.language ?? languageCode(found.LanguageCode) ?? 'und',
    durationSeconds: output.durationSeconds,
    engine: ENGINE,
  };
  return { status: 'COMPLETED', result, seconds };
}
