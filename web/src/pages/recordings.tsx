// Your recordings (the list; upload and the recording page come next).
import { useEffect, useState } from 'preact/hooks';
import { api, call, describeError } from '../api/client.ts';
import { DataTable } from '../components/table.tsx';
import { Alert, when } from '../components/form.tsx';
import type { paths } from '../api/schema';

type Recording = paths['/recordings']['get']['responses'][200]['content']['application/json']['recordings'][number];

export function Recordings() {
  const [recordings, setRecordings] = useState<Recording[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(api.GET('/recordings', {})).then((page) => setRecordings(page.recordings), (e: unknown) => setError(describeError(e)));
  }, []);
  return (
    <>
      <h1>Recordings</h1>
      <Alert message={error} />
      {recordings && recordings.length === 0 && <p>No recordings yet. Upload one with the API or the command-line tool.</p>}
      {recordings && recordings.length > 0 && (
        <DataTable caption="Your recordings, newest first" columns={['Title', 'Status', 'Created']}>
          {recordings.map((r) => (
            <tr key={r.id}>
              <td>{r.title}</td>
              <td>{r.status}</td>
              <td>{when(r.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

