// One recording: header, audio with the transcript that follows it, speakers, summary, notes,
// calendar events, downloads, chat, processing again. While it is being processed its status is
// polled (within the rate budget) and the page fills in when it completes.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, loadingOf, useAction } from '../components/form.tsx';
import { Chat } from '../recording/chat.tsx';
import { Header, type Progress } from '../recording/header.tsx';
import { noTranscript, Player } from '../recording/player.tsx';
import { Speakers } from '../recording/speakers.tsx';
import { Notes, Summary } from '../recording/texts.tsx';
import { Downloads, Events, Processing } from '../recording/tools.tsx';
import { usePolling } from '../recordings/poll.ts';
import { isWorking, type Recording, type Segment } from '../recordings/types.ts';

/** Changes when a transcription starts or ends, whose labels the Speakers form must load afresh;
 * not when a summary is written again, so the form keeps its confirmation meanwhile. */
const speakersVersion = (r: Recording) => `${r.has_transcription}:${r.status === 'PENDING' || r.status === 'PROCESSING'}`;

export function RecordingPage({ id, start }: { id: number; start?: number }) {
  const [recording, setRecording] = useState<Recording | null>(null);
  const [segments, setSegments] = useState<Segment[]>([]);
  const [progress, setProgress] = useState<Progress>({ queue: null, percent: null, eta: null });
  const audio = useRef<HTMLAudioElement>(null);
  const { error, run } = useAction();
  const path = { params: { path: { id: String(id) } } };

  const load = useCallback(async () => {
    const found = await call(api.GET('/recordings/{id}', { params: { path: { id: String(id) }, query: { format: 'full' } } }));
    if (found.has_transcription) setSegments((await call(api.GET('/recordings/{id}/transcript', { ...path, params: { ...path.params, query: { format: 'json' } } }))).segments ?? []);
    setRecording(found);
  }, [id]);
  useEffect(() => void run(loadingOf('The recording', load)), [load]);
  usePolling(recording ? isWorking(recording.status) : false, async () => {
    const status = await call(api.GET('/recordings/{id}/status', path));
    setProgress({ queue: status.queue_position ?? null, percent: status.progress ?? null, eta: status.eta_seconds ?? null });
    if (status.status !== recording?.status) await load();
  });

  const seek = (t: number) => {
    if (!audio.current) return;
    audio.current.currentTime = t;
    audio.current.scrollIntoView?.({ block: 'nearest' });
  };
  if (!recording) return error ? <Alert message={error} /> : <p role="status">Loading the recording…</p>;
  return (
    <>
      <Header recording={recording} progress={progress} onChanged={load} />
      <Alert message={error} />
      <div class="recording-grid">
        <Player id={id} audio={audio} segments={segments} start={start} empty={noTranscript(recording)} />
        <div>
          <Chat id={id} seek={seek} />
          <Speakers id={id} key={speakersVersion(recording)} onNamed={load} />
        </div>
      </div>
      <Summary id={id} summary={recording.summary ?? ''} onSaved={load} />
      <Notes id={id} notes={recording.notes ?? ''} />
      <Events recording={recording} />
      <Downloads id={id} />
      <Processing id={id} onQueued={load} />
    </>
  );
}
