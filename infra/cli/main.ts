// `npm run cli -- <command>`: manage users, groups and API tokens of the local stack (running
// or not) or of a deployed one, through the same repositories the API uses.
import { Command, Option } from 'commander';
import { AppError } from '#shared/domain/errors.ts';
import { addGroupsCommand } from './commands/groups.ts';
import { addListsCommand } from './commands/lists.ts';
import { addTokensCommand } from './commands/tokens.ts';
import { addRecordingsCommand } from './commands/recordings.ts';
import { addSearchCommand } from './commands/search.ts';
import { addUsersCommand } from './commands/users.ts';

const program = new Command('verbatim')
  .description('Manage users, groups and API tokens of a verbatim stack, and upload and read recordings through its API.')
  .option('--json', 'print JSON instead of tables and sentences')
  .addOption(new Option('--aws', 'use the deployed stack that the environment points at (TABLE_NAME, AWS credentials and region)'))
  .addOption(new Option('--target <where>', 'local or aws; --aws is short for --target aws').choices(['local', 'aws']).env('VERBATIM_TARGET').default('local'))
  .addOption(new Option('--data-dir <dir>', 'the local data folder (default: DATA_DIR, else ./.data)').conflicts('aws'))
  .showHelpAfterError('(run with --help for usage)');
addUsersCommand(program);
addGroupsCommand(program);
addTokensCommand(program);
addRecordingsCommand(program);
addSearchCommand(program);
addListsCommand(program);

try {
  await program.parseAsync();
} catch (error) {
  process.stderr.write(`error: ${describe(error)}\n`);
  process.exitCode = 1;
}

/** One line: a domain error's message is written for people; anything else also gets its name. */
function describe(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error) return (error.name === 'Error' ? error.message : `${error.name}: ${error.message}`).split('\n')[0]!;
  return String(error);
}
