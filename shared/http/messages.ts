// Validation messages a person reads in an error's `details`: "must be at most 500 characters",
// not zod's "Too big: expected string to have <=500 characters". Anything not rewritten here
// keeps zod's English message (only the English locale is bundled).
import * as z from 'zod/mini';
import { en } from 'zod/v4/locales';

const UNITS: Readonly<Record<string, string>> = { string: 'character', array: 'item', set: 'item', file: 'byte' };

const plural = (n: number | bigint, unit: string): string => `${n.toString()} ${unit}${Number(n) === 1 ? '' : 's'}`;

function bound(word: 'most' | 'least', limit: number | bigint, inclusive: boolean | undefined, exact: boolean | undefined, origin: string | undefined): string | undefined {
  const unit = origin ? UNITS[origin] : undefined;
  if (unit) {
    if (exact) return `must have exactly ${plural(limit, unit)}`;
    if (word === 'least' && Number(limit) === 1 && inclusive !== false) return origin === 'string' ? 'must not be empty' : `must have at least 1 ${unit}`;
    const verb = origin === 'string' ? 'must be' : 'must have';
    return inclusive === false ? `${verb} ${word === 'most' ? 'fewer' : 'more'} than ${plural(limit, unit)}` : `${verb} at ${word} ${plural(limit, unit)}`;
  }
  if (origin !== 'number' && origin !== 'bigint' && origin !== 'int') return undefined;
  if (exact) return `must be ${limit.toString()}`;
  return inclusive === false ? `must be ${word === 'most' ? 'less' : 'more'} than ${limit.toString()}` : `must be at ${word} ${limit.toString()}`;
}

function message(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  if (issue.code === 'too_big') return bound('most', issue.maximum, issue.inclusive, issue.exact, issue.origin);
  if (issue.code === 'too_small') return bound('least', issue.minimum, issue.inclusive, issue.exact, issue.origin);
  if (issue.code === 'unrecognized_keys') return issue.keys.length === 1 ? 'is not a field this request takes' : 'are not fields this request takes';
  return undefined;
}

z.config({ ...en(), customError: message });
