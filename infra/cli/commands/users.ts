// `users create`, `users list`, `users budget`.
import { Command, InvalidArgumentError, Option } from 'commander';
import { getBudgets, setBudgets, type UserBudgets } from '#shared/store/budgets.ts';
import { createUser, listUsers, requireUserByEmail, type User } from '#shared/store/users.ts';
import { emit, fields, table, when } from '../output.ts';
import { onTarget } from '../target.ts';
import { addPasswordCommands } from './passwords.ts';
import { addNewUserOptions, emailOption, newUserFields, type NewUserOptions } from './options.ts';

/** Adds `users …` to the program; `.command()` so the subcommands inherit its settings. */
export function addUsersCommand(program: Command): void {
  const users = program.command('users').description('Create and list users, set their budgets');
  const create = users.command('create').description('Create a user');
  addNewUserOptions(create, {
    email: 'their email address (the login, unique)',
    name: 'display name (default: the part of the email before @)',
    admin: 'make them an administrator',
  }).action(
      onTarget<NewUserOptions>(async (options, globals) => {
        const user = await createUser(newUserFields(options));
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
  users
    .command('budget')
    .description("Show a user's monthly budgets, or set them with the options (none: no budget)")
    .addOption(emailOption('the user'))
    .addOption(new Option('--monthly-tokens <n>', 'language-model tokens (prompt + completion) per month, or "none"').argParser(budgetParser('tokens', 1)))
    .addOption(new Option('--monthly-transcription-minutes <m>', 'minutes of audio transcribed per month, or "none"').argParser(budgetParser('minutes', 60)))
    .action(
      onTarget<{ email: string; monthlyTokens?: number | 'none'; monthlyTranscriptionMinutes?: number | 'none' }>(async (options, globals) => {
        const user = await requireUserByEmail(options.email);
        const changes = { monthly_tokens: clears(options.monthlyTokens), monthly_transcription_seconds: clears(options.monthlyTranscriptionMinutes) };
        const budgets = changes.monthly_tokens === undefined && changes.monthly_transcription_seconds === undefined ? await getBudgets(user.id) : await setBudgets(user.id, changes);
        emit(globals, budgetView(user, budgets), describeBudgets);
      }),
    );
  addPasswordCommands(users);
}

/** commander turns a parsed null into '', so "none" travels as itself until here. */
const clears = (value: number | 'none' | undefined) => (value === 'none' ? null : value);

/** A whole number ≥ 0 (minutes may have decimals), times `scale`; "none" clears the budget. */
function budgetParser(unit: 'tokens' | 'minutes', scale: number) {
  return (value: string): number | 'none' => {
    if (/^(none|null|off)$/i.test(value.trim())) return 'none';
    const ok = unit === 'tokens' ? /^\d{1,15}$/ : /^\d{1,12}(\.\d+)?$/;
    if (!ok.test(value.trim())) throw new InvalidArgumentError(`Expected a ${unit === 'tokens' ? 'whole number' : 'number'} of ${unit} ≥ 0, or "none".`);
    return Math.round(Number(value) * scale);
  };
}

interface BudgetView {
  readonly user_id: number;
  readonly email: string;
  readonly monthly_tokens: number | null;
  readonly monthly_transcription_seconds: number | null;
  readonly monthly_transcription_minutes: number | null;
}

function budgetView(user: User, budgets: UserBudgets): BudgetView {
  const seconds = budgets.monthly_transcription_seconds;
  return { user_id: user.id, email: user.email, ...budgets, monthly_transcription_minutes: seconds === null ? null : Math.round((seconds / 60) * 10) / 10 };
}

function describeBudgets(view: BudgetView): string {
  return fields([
    ['User', `${view.email} (${view.user_id})`],
    ['Monthly tokens', view.monthly_tokens === null ? 'none' : String(view.monthly_tokens)],
    ['Monthly transcription', view.monthly_transcription_minutes === null ? 'none' : `${view.monthly_transcription_minutes} minutes`],
  ]);
}

function describeUser(user: User): string {
  return fields([
    ['Email', user.email],
    ['Name', user.name],
    ['Admin', user.is_admin ? 'yes' : 'no'],
    ['Created', when(user.created_at)],
  ]);
}
