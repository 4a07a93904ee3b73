// What `npm start` prints while it starts (issue 16, item 6): each step as it begins, then how it
// went and its time, and a total that counts from when `npm start` began.
import { describe, expect, it } from 'vitest';
import { printedSteps } from '../../infra/local/start-steps.ts';

describe('start steps', () => {
  it('prints a step when it begins, then its outcome and time', async () => {
    let printed = '';
    const steps = printedSteps((text) => (printed += text));
    const pending = steps.run('checking engines', async () => {
      expect(printed).toBe('  checking engines … ');
      return 'speech local, language local';
    }, (how) => how);
    await pending;
    expect(printed).toMatch(/^ {2}checking engines … speech local, language local, \d+\.\d s\n$/);
  });

  it('counts the total from when npm start began, earlier steps included', () => {
    const steps = printedSteps(() => undefined, Date.now() - 42_000);
    expect(steps.total()).toMatch(/^42\.\d s$/);
  });
});
