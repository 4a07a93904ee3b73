// `groups create`, `groups add-member`.
import { Command, InvalidArgumentError, Option } from 'commander';
import { addMember, createGroup, type GroupRole } from '#shared/store/users.ts';
import { emit, fields, when } from '../output.ts';
import { emailOption } from './options.ts';
import { onTarget } from '../target.ts';

/** The store takes any string; an empty or padded name would make a group nobody can address. */
export function parseName(value: string): string {
  const name = value.trim();
  if (name.length < 1 || name.length > 100) throw new InvalidArgumentError('Expected 1 to 100 characters.');
  return name;
}

/** Adds `groups …` to the program; `.command()` so the subcommands inherit its settings. */
export function addGroupsCommand(program: Command): void {
  const groups = program.command('groups').description('Create groups and manage their members');
  groups
    .command('create')
    .description('Create a group')
    .addOption(new Option('--name <name>', 'the group name (unique, case-insensitive)').argParser(parseName).makeOptionMandatory())
    .action(
      onTarget<{ name: string }>(async (options, globals) => {
        const group = await createGroup(options.name);
        emit(globals, group, (g) => `Created group ${g.id}.\n${fields([['Name', g.name], ['Created', when(g.created_at)]])}`);
      }),
    );
  groups
    .command('add-member')
    .description("Add a user to a group, or change an existing member's role")
    .addOption(new Option('--group <name>', 'the group name').argParser(parseName).makeOptionMandatory())
    .addOption(emailOption("the user's email address"))
    .addOption(new Option('--role <role>', 'their role in the group').choices(['admin', 'member']).default('member'))
    .action(
      onTarget<{ group: string; email: string; role: GroupRole }>(async (options, globals) => {
        const membership = await addMember(options.group, options.email, options.role);
        emit(globals, { ...membership, email: options.email }, (m) => `${m.email} is now ${m.role === 'admin' ? 'an admin' : 'a member'} of ${m.group_name}.`);
      }),
    );
}
