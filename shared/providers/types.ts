// What the pipeline asks of speech recognition and language models. Implementations live in
// providers/asr/* and providers/llm/*, chosen by settings (ASR_PROVIDER, LLM_PROVIDER); the
// embedded ones ("local") work offline with no keys.

/** One word with its timing (seconds from the start of the recording). */
export interface Word {
  readonly word: string;
  readonly start: number;
  readonly end: number;
  /** 0..1 */
  readonly confidence: number;
}

/** The stored canonical transcript unit (decisions §8). */
export interface Segment {
  /** A diarisation label (SPEAKER_00…) or a person's name once assigned. */
  readonly speaker: string;
  readonly sentence: string;
  readonly start_time: number;
  readonly end_time: number;
  readonly words?: readonly Word[];
}

export interface TranscriptionRequest {
  /** A local file holding the audio (the worker downloads the object first). */
  readonly audioPath: string;
  readonly mimeType: string;
  /** ISO 639-1 hint, when the user gave one. */
  readonly language?: string;
  readonly minSpeakers?: number;
  readonly maxSpeakers?: number;
  /** Initial prompt / hotwords for engines that take them. */
  readonly prompt?: string;
  readonly signal?: AbortSignal;
  /** Told the share of the audio decoded so far (0..1), when the engine can tell. */
  readonly onProgress?: (fraction: number) => void;
}

export interface TranscriptionResult {
  readonly segments: readonly Segment[];
  readonly language: string;
  readonly durationSeconds: number;
  /** e.g. "pocketsphinx 5prealpha (rough machine transcript)", "whisper-1". */
  readonly engine: string;
  /** One voice embedding per speaker label, when the engine computes them. */
  readonly speakerEmbeddings?: Readonly<Record<string, readonly number[]>>;
}

export interface TranscriptionProvider {
  readonly name: string;
  transcribe(request: TranscriptionRequest): Promise<TranscriptionResult>;
  /** For engines that run here: throws a ProviderError naming what is missing (a model, a program). */
  check?(): Promise<void>;
}

export interface TokenUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
}

export interface SummaryRequest {
  readonly segments: readonly Segment[];
  /** The prompt that wins by precedence (request, tags, user, admin default, built-in). */
  readonly prompt: string;
  readonly context: {
    readonly title: string;
    readonly meetingDate: string;
    readonly participants?: string;
    readonly tagNames?: readonly string[];
    /** The recording's IANA time zone: spoken wall-clock times are read in it. */
    readonly timeZone?: string;
  };
  readonly signal?: AbortSignal;
  /** Told the share of the work done so far (0..1: parts summarised, combining steps), when the model can tell. */
  readonly onProgress?: (fraction: number) => void;
}

export interface SummaryResult {
  /** Markdown. */
  readonly markdown: string;
  readonly usage: TokenUsage;
}

/** A calendar event found in a recording (spec: Calendar event), before it gets an id. */
export interface FoundEvent {
  readonly title: string;
  /** ISO 8601; relative dates resolved against the meeting date. */
  readonly start_datetime: string;
  readonly end_datetime: string;
  readonly description: string;
  readonly location: string;
}

export interface EventsRequest {
  readonly segments: readonly Segment[];
  readonly summary: string;
  readonly context: SummaryRequest['context'];
  readonly signal?: AbortSignal;
  /** Told the share of the transcript searched so far (0..1), when the model can tell. */
  readonly onProgress?: (fraction: number) => void;
}

export interface ChatMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** One transcript segment used to answer, as the chat response lists it. */
export interface ChatSource {
  readonly segment_index: number;
  readonly speaker: string;
  readonly start_time: number;
  readonly end_time: number;
  readonly text: string;
}

export interface ChatRequest {
  readonly question: string;
  readonly history: readonly ChatMessage[];
  /** The segments retrieved as most relevant to the question, best first. */
  readonly sources: readonly ChatSource[];
  readonly context: SummaryRequest['context'] & { readonly notes?: string };
  /** What the question is asked of: one recording (the default) or the user's library. */
  readonly scope?: 'recording' | 'library';
  /** Each source is an answer (the tasks, deadlines or decisions asked for), so the answer covers them all. */
  readonly listing?: boolean;
  readonly signal?: AbortSignal;
}

/**
 * Language-model work the service needs, as tasks rather than raw chat, so the embedded
 * engine can do each one without a model (extractively) and real models get prompts built in
 * one place.
 */
export interface LanguageModel {
  readonly name: string;
  /** Answers by quoting passages (the embedded engine): it cannot follow an instruction such as "answer in JSON". */
  readonly extractive?: boolean;
  summarize(request: SummaryRequest): Promise<SummaryResult>;
  extractEvents(request: EventsRequest): Promise<{ events: FoundEvent[]; usage: TokenUsage }>;
  answer(request: ChatRequest): Promise<{ text: string; usage: TokenUsage }>;
}

/**
 * A provider failure. `retryable` separates transient trouble (timeouts, 429, 5xx, a busy
 * engine) from permanent trouble (bad key, bad request, unsupported audio); the message is
 * safe to show a user (no keys, no raw provider bodies).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A job the provider runs outside this process, named by the pipeline. */
export interface ExternalJob {
  readonly name: string;
  readonly recordingId: number;
}

export interface ExternalJobRequest {
  /** The audio object's key in the service's bucket. */
  readonly audioKey: string;
  readonly mimeType: string;
  /** ISO 639-1; none: the provider identifies the language. */
  readonly language?: string;
  readonly maxSpeakers?: number;
}

export type ExternalJobState =
  | { readonly status: 'IN_PROGRESS' }
  | { readonly status: 'FAILED'; readonly reason: string }
  | { readonly status: 'COMPLETED'; readonly result: TranscriptionResult; /** How long the provider worked. */ readonly seconds: number };

/** The optional capability of a TranscriptionProvider whose jobs run elsewhere. */
export interface ExternalJobProvider extends TranscriptionProvider {
  start(job: ExternalJob, request: ExternalJobRequest): Promise<void>;
  collect(job: ExternalJob, signal?: AbortSignal): Promise<ExternalJobState>;
}

export function isExternal(provider: TranscriptionProvider): provider is ExternalJobProvider {
  return typeof (provider as Partial<ExternalJobProvider>).start === 'function' && typeof (provider as Partial<ExternalJobProvider>).collect === 'function';
}
