// `upload`, `status`, `transcript`, `list`, `ask`: unlike the other commands, which work on the
// store, these are a user's client of the HTTP API with an API token, exactly as a script of
// theirs would be, so they work the same against the local stack and a deployed one.
import { Command, InvalidArgumentError, Option } from 'commander';
import type { paths } from '#shared/http/api-schema.d.ts';
import { clockTime } from '#shared/domain/transcript/time.ts';
import { answer, connect, type Api, type ConnectionOptions } from '../api-client.ts';
import { emit, fields, table, when } from '../output.ts';
import { humanBytes, interactive, pipelineProgress, uploadBar } from '../progress.ts';
import { uploadFile, type UploadResult } from '../upload.ts';

interface Globals extends ConnectionOptions {
  readonly json?: boolean;
}

type ProcessingStatus = paths['/recordings/{id}/status']['get']['responses'][200]['content']['application/json'];
type ListQuery = NonNullable<paths['/recordings']['get']['parameters']['query']>;
type TranscriptFormat = NonNullable<paths['/recordings/{id}/transcript']['get']['parameters']['query']>['format'];

interface UploadOptions {
  readonly title?: string;
  readonly notes?: string;
  readonly language?: string;
  readonly meetingDate?: string;
  readonly timeZone?: string;
  readonly minSpeakers?: number;
  readonly maxSpeakers?: number;
  readonly tag: readonly string[];
  readonly wait?: boolean;
  readonly timeout: number;
}

const FINISHED: readonly string[] = ['COMPLETED', 'FAILED'];

const positive = (what: string) => (value: string) => {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new InvalidArgumentError(`Expected ${what} (a positive whole number).`);
  return Number(value);
};

/** The program's and the group's options, and a client connected with them. */
function session(command: Command): { api: Api; globals: Globals } {
  const globals = command.optsWithGlobals<Globals>();
  return { api: connect(globals), globals };
}

const statusOf = (api: Api, id: number) => answer(api.GET('/recordings/{id}/status', { params: { path: { id: String(id) } } }));

const URL_HELP = 'the service (default: VERBATIM_URL, else the running local stack, else http://127.0.0.1:3000)';
const TOKEN_HELP = 'an API token (default: VERBATIM_TOKEN, else DATA_DIR/admin-token for a local stack)';

/** A command that talks to the HTTP API: it takes the service URL and the token. */
const apiCommand = (program: Command, name: string) => program.command(name).option('--url <url>', URL_HELP).option('--token <token>', TOKEN_HELP);

/** Adds `upload`, `status`, `transcript` and `list`: a user's client of the HTTP API. */
export function addRecordingsCommand(program: Command): void {
  apiCommand(program, 'upload')
    .description('Upload an audio or video file and queue its transcription')
    .argument('<file>', 'the recording')
    .option('--title <title>', 'title (default: the file name without its extension)')
    .option('--notes <notes>', 'notes to keep with it')
    .option('--language <code>', 'spoken language, e.g. en (default: detected)')
    .option('--meeting-date <date>', 'when it was said, ISO 8601 such as 2026-11-19T14:30 (without an offset: in --time-zone; default: the file\'s modification time)')
    .option('--time-zone <zone>', 'IANA zone spoken times are read in, e.g. Europe/Berlin (default: yours)')
    .option('--min-speakers <n>', 'fewest voices to tell apart', positive('a number of speakers'))
    .option('--max-speakers <n>', 'most voices to tell apart', positive('a number of speakers'))
    .option('--tag <name>', 'a tag of yours, by name or id (repeat for more); its defaults and prompt apply', (value: string, all: string[]) => [...all, value], [])
    .option('--wait', 'wait until processing ends; exit 1 if it fails or times out')
    .addOption(new Option('--timeout <seconds>', 'how long --wait waits').argParser(positive('seconds')).default(600))
    .action(upload);
  apiCommand(program, 'status')
    .description('The processing status of a recording')
    .argument('<id>', 'the recording id', positive('a recording id'))
    .action(async (id: number, _options: object, command: Command) => {
      const { api, globals } = session(command);
      emit(globals, await statusOf(api, id), describeStatus);
    });
  apiCommand(program, 'transcript')
    .description('Print the transcript (with --json: the API answer as it is)')
    .argument('<id>', 'the recording id', positive('a recording id'))
    .addOption(new Option('--format <format>', 'what to print').choices(['text', 'srt', 'vtt', 'json']).default('text'))
    .action(transcript);
  apiCommand(program, 'list')
    .description('List your recordings, newest first')
    .addOption(new Option('--status <status>', 'only these').choices(['all', 'pending', 'processing', 'completed', 'failed']))
    .option('--query <text>', 'only titles or participants containing this')
    .option('--page <n>', 'the page', positive('a page number'))
    .option('--per-page <n>', 'recordings per page (at most 100)', positive('a page size'))
    .action(list);
  apiCommand(program, 'ask')
    .description('Ask your recordings a question ("What are my action items?"); the answer and the passages it comes from')
    .argument('<question>', 'the question')
    .option('--recording <id>', 'ask this recording only', positive('a recording id'))
    .action(ask);
}

type Answer<Path extends '/chat' | '/recordings/{id}/chat'> = paths[Path]['post']['responses'][200]['content']['application/json'];
type Source = Answer<'/chat'>['sources'][number] | Answer<'/recordings/{id}/chat'>['sources'][number];

/** "[2] Weekly sync at 03:15 Maria: …": where a source is, who said it, and what. */
function sourceLine(s: Source, i: number): string {
  const where = [('title' in s ? s.title : ''), s.start_time === null ? '' : clockTime(s.start_time)].filter(Boolean).join(' at ');
  return `[${i + 1}] ${where}${s.speaker ? ` ${s.speaker}` : ''}: ${s.text}`;
}

async function ask(question: string, options: { recording?: number }, command: Command): Promise<void> {
  const { api, globals } = session(command);
  const found = options.recording
    ? await answer(api.POST('/recordings/{id}/chat', { params: { path: { id: String(options.recording) } }, body: { message: question } }))
    : await answer(api.POST('/chat', { body: { message: question } }));
  emit(globals, found, ({ response, sources }) => (sources.length ? `${response}\n\nSources:\n${sources.map(sourceLine).join('\n')}` : response));
}

async function upload(file: string, options: UploadOptions, command: Command): Promise<void> {
  const { api, globals } = session(command);
  const { title, notes, language, meetingDate, timeZone, minSpeakers, maxSpeakers } = options;
  const declared = { title, notes, language, meeting_date: meetingDate, time_zone: timeZone, min_speakers: minSpeakers, max_speakers: maxSpeakers, tag_ids: await tagIds(api, options.tag) };
  const bar = uploadBar(interactive(globals));
  let result: UploadResult;
  try {
    result = await uploadFile(api, file, declared, bar);
  } finally {
    bar.stop();
  }
  if (!options.wait) return emit(globals, result, describeUpload);
  if (!globals.json) process.stdout.write(`${describeUpload(result)}\n`);
  const { last, timedOut } = await waitFor(api, result, options.timeout, interactive(globals));
  // --json still prints one document, the upload result with its final status.
  emit(globals, { ...result, ...last }, describeStatus);
  if (timedOut) throw new Error(`gave up after ${options.timeout} s with recording ${result.id} still ${last.status}; follow it with \`status ${result.id}\``);
  if (last.status === 'FAILED') throw new Error(`processing failed: ${last.error_message ?? 'no reason given'}`);
}

/** The ids of the tags named (by name, any case, or by id), before anything is sent. */
async function tagIds(api: Api, names: readonly string[]): Promise<number[] | undefined> {
  if (names.length === 0) return undefined;
  const { tags } = await answer(api.GET('/tags'));
  return names.map((name) => {
    const found = tags.find((t) => String(t.id) === name || t.name.toLowerCase() === name.toLowerCase());
    if (found) return found.id;
    throw new Error(`you have no tag "${name}"${tags.length ? `; your tags: ${tags.map((t) => t.name).join(', ')}` : ''}`);
  });
}

const POLL_MS = 1000;

/** Polls every second until processing ends or time runs out (the client itself waits out a 429). */
async function waitFor(api: Api, result: UploadResult, timeoutSeconds: number, visible: boolean): Promise<{ last: ProcessingStatus; timedOut: boolean }> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const spin = pipelineProgress(visible);
  let last: ProcessingStatus = { id: result.id, status: result.status, queue_position: null, error_message: null, completed_at: null, progress: null, eta_seconds: null };
  try {
    for (;;) {
      last = await statusOf(api, result.id);
      if (FINISHED.includes(last.status)) return { last, timedOut: false };
      if (Date.now() + POLL_MS > deadline) return { last, timedOut: true };
      spin.update(`Recording ${result.id}: ${last.status}${queueNote(last)}`, last.progress == null ? null : last.progress / 100, last.eta_seconds ?? null);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    spin.stop();
  }
}

const queueNote = (s: ProcessingStatus) => (s.status === 'PENDING' && s.queue_position ? ` (number ${s.queue_position} in the queue)` : '');

async function transcript(id: number, options: { format: TranscriptFormat }, command: Command): Promise<void> {
  const { api, globals } = session(command);
  const found = await answer(api.GET('/recordings/{id}/transcript', { params: { path: { id: String(id) }, query: { format: options.format } } }));
  if (globals.json) return emit(globals, found, () => '');
  // Exactly the transcript, so it can be redirected into a file as it is.
  const text = options.format === 'json' ? JSON.stringify(found.segments ?? [], null, 2) : (found.content ?? '');
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

async function list(options: { status?: ListQuery['status']; query?: string; page?: number; perPage?: number }, command: Command): Promise<void> {
  const { api, globals } = session(command);
  const text = (n?: number) => (n === undefined ? undefined : String(n));
  const query: ListQuery = { status: options.status, q: options.query, page: text(options.page), per_page: text(options.perPage) };
  const page = await answer(api.GET('/recordings', { params: { query } }));
  emit(globals, page, ({ recordings, pagination }) => {
    const rows = recordings.map((r) => [String(r.id), r.title, r.status, when(r.created_at), humanBytes(r.file_size)]);
    const footer = pagination.total_pages > 1 ? `\nPage ${pagination.page} of ${pagination.total_pages} (${pagination.total} recordings)` : '';
    return `${table(['ID', 'TITLE', 'STATUS', 'CREATED', 'SIZE'], rows, 'No recordings.')}${rows.length ? footer : ''}`;
  });
}

function describeUpload(result: UploadResult): string {
  const lines = fields([
    ['Recording', String(result.id)],
    ['Title', result.title],
    ['Status', result.status],
    ['Size', humanBytes(result.file_size)],
  ]);
  const warning = result.duplicate_warning ? `\nWarning: ${result.duplicate_warning.message} (recording ${result.duplicate_warning.existing_recording_id})` : '';
  return `Uploaded ${result.original_filename}.\n${lines}${warning}`;
}

function describeStatus(status: ProcessingStatus): string {
  const pairs: [string, string][] = [
    ['Recording', String(status.id)],
    ['Status', status.status],
  ];
  if (status.queue_position !== null && status.status === 'PENDING') pairs.push(['Queue position', String(status.queue_position)]);
  if (status.completed_at) pairs.push(['Completed', when(status.completed_at)]);
  if (status.error_message) pairs.push(['Error', status.error_message]);
  return fields(pairs);
}
