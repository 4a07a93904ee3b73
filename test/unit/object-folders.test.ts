// Each object function names its bucket folder, and IAM grants it on that folder only
// (infra/aws/access-calls.ts): a key from another folder is refused before any request is made,
// so a grant read from the call can never be stretched by the key passed.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { deleteObject, getJson, objectSize, putJson, uploadStream } from '#shared/blob/objects.ts';

describe('object folders', () => {
  it('refuses a key outside the folder the call names', async () => {
    await expect(deleteObject('audio/', 'transcripts/1.json')).rejects.toThrow('Object key transcripts/1.json is not in audio/');
    await expect(getJson('transcripts/', 'audio/1/abc')).rejects.toThrow(/not in transcripts\//);
    await expect(putJson('search/', 'search', {})).rejects.toThrow(/not in search\//);
    await expect(objectSize('audio/', '../audio/1')).rejects.toThrow(/not in audio\//);
    expect(() => uploadStream('audio/', 'staging/1', Readable.from([]), 'audio/wav')).toThrow(/not in audio\//);
  });
});
