// Options several CLI commands share.
import { type Command, InvalidArgumentError, Option } from 'commander';

/** Catches typos as a usage error before any database starts; the store does the rest. */
export function parseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new InvalidArgumentError('Expected an email address like ada@example.com.');
  return email;
}

export const emailOption = (description: string) => new Option('--email <email>', description).argParser(parseEmail).makeOptionMandatory();

export interface NewUserOptions {
  readonly email: string;
  readonly name?: string;
  readonly admin: boolean;
}

/** `--email`, `--name`, `--admin`: who a new user is (`users create`, `users invite`). */
export function addNewUserOptions(command: Command, who: { email: string; name: string; admin: string }): Command {
  return command.addOption(emailOption(who.email)).option('--name <name>', who.name).option('--admin', who.admin, false);
}

/** The fields the users store takes for a new user; a blank name means the default. */
export const newUserFields = (options: NewUserOptions) => ({ email: options.email, name: options.name?.trim() || undefined, isAdmin: options.admin });
