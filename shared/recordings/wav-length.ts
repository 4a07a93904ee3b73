// How much audio an uploaded WAV can hold, from its first bytes and its size: a header with no
// audio after it (a 12-byte RIFF, a bare 44-byte header, a header claiming 4 GB over 2 KB of
// data) is refused at upload instead of ending as an empty transcript.

/** The shortest recording worth transcribing. */
export const MIN_AUDIO_SECONDS = 1;

/**
 * Seconds of audio the file can hold: the data chunk's size (never more than the bytes that
 * follow it) over the format's byte rate; 0 when the head has no format or no data chunk.
 */
export function wavAudioSeconds(head: Buffer, fileSize: number): number {
  if (head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') return 0;
  let byteRate = 0;
  for (let pos = 12; pos + 8 <= head.length; ) {
    const id = head.toString('ascii', pos, pos + 4);
    const size = head.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === 'fmt ' && body + 12 <= head.length) byteRate = head.readUInt32LE(body + 8);
    if (id === 'data') {
      const available = Math.max(0, fileSize - body);
      // 0 or 0xFFFFFFFF: a writer that could not seek back; the file's size is the truth.
      const bytes = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      return byteRate > 0 ? bytes / byteRate : 0;
    }
    pos = body + size + (size & 1);
  }
  return 0;
}

export const isWav = (mime: string | undefined) => mime === 'audio/wav' || mime === 'audio/x-wav' || mime === 'audio/vnd.wave';
