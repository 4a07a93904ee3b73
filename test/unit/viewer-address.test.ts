// Which address a sign-in attempt counts under: the viewer's, as the stack's CloudFront
// distribution names it, only when the request proves it came through that distribution.
import { describe, expect, it } from 'vitest';
import { viewerAddress } from '#shared/domain/viewer-address.ts';

const PROOF = 'Xq3Lr8VbN2pKt7WzJ5cYf1HsD9gMa4EuQ6oTiR0nBvC0uEu7';
const EDGE = '130.176.1.1';

describe('the address a sign-in attempt counts under', () => {
  it.each([
    ['the viewer’s, with the distribution’s proof', { 'x-viewer-address': '203.0.113.7', 'x-origin-verify': PROOF }, PROOF, '203.0.113.7'],
    ['the connection’s, with a wrong proof', { 'x-viewer-address': '203.0.113.7', 'x-origin-verify': `${PROOF.slice(0, -1)}x` }, PROOF, EDGE],
    ['the connection’s, with a proof of another length', { 'x-viewer-address': '203.0.113.7', 'x-origin-verify': 'short' }, PROOF, EDGE],
    ['the connection’s, with a non-ASCII proof as long as the real one', { 'x-viewer-address': '203.0.113.7', 'x-origin-verify': 'é'.repeat(PROOF.length) }, PROOF, EDGE],
    ['the connection’s, without a proof', { 'x-viewer-address': '203.0.113.7' }, PROOF, EDGE],
    ['the connection’s, when no distribution sends a proof (locally)', { 'x-viewer-address': '203.0.113.7', 'x-origin-verify': '' }, undefined, EDGE],
    ['the connection’s, with the proof but no viewer address', { 'x-origin-verify': PROOF }, PROOF, EDGE],
  ])('is %s', (_, headers: Record<string, string>, proof: string | undefined, expected: string) => {
    expect(viewerAddress(headers, EDGE, proof)).toBe(expected);
  });
});
