// The time zone of a user who has not chosen one. Apart from time-zones.ts, which brings the
// Temporal polyfill (about 55 KB): a function that only needs this name (every read of a
// profile) does not load that at cold start.
export const DEFAULT_TIME_ZONE = 'UTC';
