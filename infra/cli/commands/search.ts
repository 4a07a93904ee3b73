// `search reindex`: rebuilds users' search indexes from what the store holds now (existing
// data from before search existed, or an index object lost). Each rebuild is a message on the
// search queue, so it takes its turn with that user's other index updates.
import { Command, Option } from 'commander';
import { settings } from '#shared/config.ts';
import { queueIndexUpdate } from '#shared/search/queue.ts';
import { listUsers, requireUserByEmail } from '#shared/store/users.ts';
import { emit } from '../output.ts';
import { parseEmail } from './options.ts';
import { onTarget } from '../target.ts';

export function addSearchCommand(program: Command): void {
  const search = program.command('search').description('Manage the search indexes');
  search
    .command('reindex')
    .description("Rebuild every user's search index (or one user's) from the stored recordings")
    .addOption(new Option('--email <email>', "only this user's index").argParser(parseEmail))
    .action(
      onTarget<{ email?: string }>(async (options, globals) => {
        if (!settings().queueUrls.search) throw new Error('The search queue is not reachable: start the local stack (npm start) or target a deployed one');
        const users = options.email ? [await requireUserByEmail(options.email)] : await listUsers();
        for (const user of users) await queueIndexUpdate({ user_id: user.id, rebuild: true });
        emit(globals, { queued: users.map((u) => u.email) }, (r) => `Queued a rebuild of ${r.queued.length} search ${r.queued.length === 1 ? 'index' : 'indexes'}.`);
      }),
    );
}
