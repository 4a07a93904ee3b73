// `users set-password` and `users invite`: web sign-in for a user, from the command line.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { type Command } from 'commander';
import { inviteUser } from '#shared/auth/invite.ts';
import { setPassword } from '#shared/auth/sessions.ts';
import { settings } from '#shared/config.ts';
import { requireUserByEmail } from '#shared/store/users.ts';
import { emit, fields, when } from '../output.ts';
import { onTarget } from '../target.ts';
import { addNewUserOptions, emailOption, newUserFields, type NewUserOptions } from './options.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/**
 * Asks on the terminal without echoing what is typed. Readline's own output is silenced (it
 * would echo), so the question is written here, once readline holds the terminal in raw mode:
 * a key typed before that would be echoed by the terminal itself.
 */
function prompt(question: string): Promise<string> {
  const silent = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  process.stderr.write(question);
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) throw new Error('No terminal to ask for the password on: pipe it with --password-stdin');
  const first = await prompt('New password: ');
  const second = await prompt('Repeat it: ');
  if (first !== second) throw new Error('The two passwords differ');
  return first;
}

export function addPasswordCommands(users: Command): void {
  users
    .command('set-password')
    .description("Set a user's web password (asked for, or read from standard input); their web sessions end")
    .addOption(emailOption('the user'))
    .option('--password-stdin', 'read the password from standard input', false)
    .action(
      onTarget<{ email: string; passwordStdin: boolean }>(async (options, globals) => {
        const user = await requireUserByEmail(options.email);
        await setPassword(user.id, await readPassword(options.passwordStdin));
        emit(globals, { success: true, user_id: user.id, email: user.email }, (r) => `Password set for ${r.email}; their web sessions ended.`);
      }),
    );
  const invite = users
    .command('invite')
    .description('Print a one-time sign-in link (valid 24 hours) with which the user sets a password; creates the user if needed');
  addNewUserOptions(invite, { email: 'their email address', name: 'display name for a new user', admin: 'make a new user an administrator' })
    .option('--base-url <url>', 'where the web app is reached (default: PUBLIC_BASE_URL, else the local address)')
    .action(
      onTarget<NewUserOptions & { baseUrl?: string }>(async (options, globals) => {
        const base = options.baseUrl ?? settings().publicBaseUrl ?? `http://127.0.0.1:${settings().port}`;
        const result = await inviteUser(newUserFields(options), base);
        emit(globals, result, (r) => `${fields([['User', `${r.user.email} (${r.user.id})`], ['Link', r.link.url], ['Expires', when(r.link.expires_at)]])}\nThe link works once.`);
      }),
    );
}
