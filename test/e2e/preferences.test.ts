import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';

describe('your preferences (PUT /users/me)', () => {
  it('starts from the documented defaults', async () => {
    const { token } = await newUser();
    expect((await call('/users/me', { token })).body.settings).toEqual({ transcript_template: '[{{speaker}}]: {{text}}', auto_summarize: true, language: null, summary_prompt: null, time_zone: 'UTC' });
  });

  it('changes only what is sent', async () => {
    const { token } = await newUser();
    const first = await call('/users/me', { method: 'PUT', token, body: { transcript_template: '{{start_time}} {{speaker|upper}}: {{text}}', language: 'de' } });
    expect(first.status).toBe(200);
    const second = await call('/users/me', { method: 'PUT', token, body: { auto_summarize: false, name: 'Maria' } });
    expect(second.body.user).toMatchObject({ name: 'Maria', settings: { transcript_template: '{{start_time}} {{speaker|upper}}: {{text}}', language: 'de', auto_summarize: false, summary_prompt: null } });
  });

  it('keeps a time zone in its canonical spelling and shows it in users/me', async () => {
    const { token } = await newUser();
    const changed = await call('/users/me', { method: 'PUT', token, body: { time_zone: 'europe/berlin' } });
    expect(changed.status).toBe(200);
    expect(changed.body.user.settings.time_zone).toBe('Europe/Berlin');
    expect((await call('/users/me', { token })).body.settings).toMatchObject({ time_zone: 'Europe/Berlin', auto_summarize: true });
  });

  it.each([
    ['an unknown placeholder', { transcript_template: '{{speakr}}: {{text}}' }],
    ['an unknown filter', { transcript_template: '{{text|shout}}' }],
    ['a language that is not ISO 639-1', { language: 'german' }],
    ['an unknown field', { theme: 'dark' }],
    ['a time zone that does not exist', { time_zone: 'Mars/Olympus' }],
    ['an offset instead of a time zone', { time_zone: '+01:00' }],
  ])('refuses %s with 400 and changes nothing', async (_, body) => {
    const { token } = await newUser();
    const response = await call('/users/me', { method: 'PUT', token, body });
    expect(response.status).toBe(400);
    expect((await call('/users/me', { token })).body.settings.transcript_template).toBe('[{{speaker}}]: {{text}}');
  });
});
