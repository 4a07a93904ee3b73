// Comparing a secret a client sent with the one expected, in time that does not depend on where
// they differ. Both are hashed first: timingSafeEqual needs buffers of one length (it throws
// otherwise), and a header's characters are not its bytes (a non-ASCII value of the right
// length in characters is longer in UTF-8).
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function sameSecret(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}
