// The browser's address, for counting sign-in attempts per client address. Behind CloudFront
// the API sees an edge's address, so the distribution passes the viewer's on in a header
// (infra/aws/web.ts); the local gateway is the edge itself and drops any such header a client
// sends (infra/local/gateway.ts).
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';
