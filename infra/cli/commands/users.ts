// `users create`, `users list`.
import { Command, InvalidArgumentError, Option } from 'commander';
import { createUser, listUsers, type User } from '#shared/store/users.ts';
import { emit, fields, table, when } from '../output.ts';
import { onTarget } from '../target.ts';

/** Catches typos as a usage error before any database starts; the store does the rest. */
export function parseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new InvalidArgumentError('Expected an email address like ada@example.com.');
  return email;
}

export const emailOption = (description: string) => new Option('--email <email>', description).argParser(parseEmail).makeOptionMandatory();

/** Adds `users …` to the program; `.command()` so the subcommands inherit its settings. */
export function addUsersCommand(program: Command): void {
  const users = program.command('users').description('Create and list users');
  users
    .command('create')
    .description('Create a user')
    .addOption(emailOption('their email address (the login, unique)'))
    .option('--name <name>', 'display name (default: the part of the email before @)')
    .option('--admin', 'make them an administrator', false)
    .action(
      onTarget<{ email: string; name?: string; admin: boolean }>(async (options, globals) => {
        const user = await createUser({ email: options.email, name: options.name?.trim() || undefined, isAdmin: options.admin });
        emit(globals, user, (u) => `Created user ${u.id}.\n${describeUser(u)}`);
      }),
    );
  users
    .command('list')
    .description('List every user')
    .action(
      onTarget<object>(async (_options, globals) => {
        const all = await listUsers();
        emit(globals, { users: all }, ({ users }) =>
          table(
            ['ID', 'EMAIL', 'NAME', 'ADMIN', 'CREATED'],
            users.map((u) => [String(u.id), u.email, u.name, u.is_admin ? 'yes' : 'no', when(u.created_at)]),
            'No users yet.',
          ),
        );
      }),
    );
}

function describeUser(user: User): string {
  return fields([
    ['Email', user.email],
    ['Name', user.name],
    ['Admin', user.is_admin ? 'yes' : 'no'],
    ['Created', when(user.created_at)],
  ]);
}
