// Options several CLI commands share.
import { InvalidArgumentError, Option } from 'commander';

/** Catches typos as a usage error before any database starts; the store does the rest. */
export function parseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new InvalidArgumentError('Expected an email address like ada@example.com.');
  return email;
}

export const emailOption = (description: string) => new Option('--email <email>', description).argParser(parseEmail).makeOptionMandatory();
