// `lists backfill`: puts recordings stored before the list index existed into it (their list
// entries and counters), so GET /recordings shows them, writes again the list entries stored
// before they carried the recording's time zone, and counts those stored before the
// service's statistics into them (GET /stats?scope=all), with this month's usage. Run once
// after upgrading; running it again finds nothing left to do.
import type { Command } from 'commander';
import { backfill } from '#shared/store/list-backfill.ts';
import { emit } from '../output.ts';
import { onTarget } from '../target.ts';

export function addListsCommand(program: Command): void {
  const lists = program.command('lists').description('Maintain the recordings list index');
  lists
    .command('backfill')
    .description('Index every recording not yet in the recordings list index or the service statistics (safe to repeat, and while the service runs)')
    .action(
      onTarget<object>(async (_options, globals) => {
        const result = await backfill((n) => {
          if (!globals.json && n % 500 === 0 && n > 0) process.stderr.write(`${n} indexed...\n`);
        });
        emit(globals, result, (r) =>
          `Indexed ${r.indexed} ${r.indexed === 1 ? 'recording' : 'recordings'}; added the time zone to the list entries of ${r.refreshed} ${r.refreshed === 1 ? 'recording' : 'recordings'}; counted ${r.usage_days} earlier usage ${r.usage_days === 1 ? 'day' : 'days'} in.`);
      }),
    );
}
