import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '#shared/config.ts';

describe('settings', () => {
  it('has the documented defaults', () => {
    const s = loadSettings({});
    expect(s.rateLimits).toEqual({ stats: 60, read: 100, write: 30, processing: 10, batch: 10 });
    expect(s).toMatchObject({ docsPublic: false, uploadMaxMb: 1000, port: 3000, dataDir: './.data', idempotencyTtlSeconds: 86400 });
  });

  it('reads limits, flags and queue URLs from the environment', () => {
    const s = loadSettings({ RATE_LIMIT_READ_PER_MINUTE: '0', DOCS_PUBLIC: 'true', QUEUE_URL_TRANSCRIBE: 'http://q/t' });
    expect(s.rateLimits.read).toBe(0);
    expect(s.docsPublic).toBe(true);
    expect(s.queueUrls.transcribe).toBe('http://q/t');
  });

  it.each([
    ['a negative limit', { RATE_LIMIT_READ_PER_MINUTE: '-1' }],
    ['a non-numeric port', { PORT: 'http' }],
    ['a flag that is not a boolean', { DOCS_PUBLIC: 'maybe' }],
    ['an unknown log level', { LOG_LEVEL: 'LOUD' }],
  ])('refuses %s with a message naming the setting', (_, env) => {
    expect(() => loadSettings(env)).toThrow(SettingsError);
    expect(() => loadSettings(env)).toThrow(Object.keys(env)[0]);
  });
});
