// `tokens create`, `tokens list`, `tokens revoke`. The secret leaves the store only in the
// return value of issueToken, so `tokens create` is the one and only place it is printed.
import { Command, InvalidArgumentError, Option } from 'commander';
import { NotFoundError } from '#shared/domain/errors.ts';
import { TOKEN_EXPIRY_DAYS, type TokenExpiryDays } from '#shared/domain/tokens.ts';
import { getOwnedToken, issueToken, listTokens, revokeToken, viewToken, type TokenView } from '#shared/store/tokens.ts';
import { requireUserByEmail } from '#shared/store/users.ts';
import { emit, fields, table, when } from '../output.ts';
import { parseName } from './groups.ts';
import { emailOption } from './options.ts';
import { onTarget } from '../target.ts';

function parseId(value: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new InvalidArgumentError('Expected a token id (a positive whole number, see `tokens list`).');
  return Number(value);
}

const expiry = (token: TokenView) => (token.expires_at ? when(token.expires_at) : 'never');

/** Adds `tokens …` to the program; `.command()` so the subcommands inherit its settings. */
export function addTokensCommand(program: Command): void {
  const tokens = program.command('tokens').description('Create, list and revoke API tokens');
  tokens
    .command('create')
    .description('Create an API token for a user and print its secret (shown only once)')
    .addOption(emailOption('the owner'))
    .addOption(new Option('--name <name>', 'what the token is for, e.g. "laptop"').argParser(parseName).makeOptionMandatory())
    .addOption(new Option('--expires-in-days <days>', 'lifetime; 0 never expires').choices(TOKEN_EXPIRY_DAYS.map(String)).default('0'))
    .action(onTarget<{ email: string; name: string; expiresInDays: string }>(createToken));
  tokens
    .command('list')
    .description("List a user's tokens (never their secrets)")
    .addOption(emailOption('the owner'))
    .action(
      onTarget<{ email: string }>(async (options, globals) => {
        const user = await requireUserByEmail(options.email);
        const now = Date.now();
        const views = (await listTokens(user.id)).map((t) => viewToken(t, now));
        emit(globals, { tokens: views }, (data) =>
          table(
            ['ID', 'NAME', 'STATUS', 'CREATED', 'LAST USED', 'EXPIRES'],
            data.tokens.map((t) => [String(t.id), t.name, t.status, when(t.created_at), when(t.last_used_at, 'never'), expiry(t)]),
            `${user.email} has no tokens.`,
          ),
        );
      }),
    );
  tokens
    .command('revoke')
    .description('Revoke a token; it stops working at once and stays listed as revoked')
    .addOption(new Option('--id <id>', 'the token id, from `tokens list`').argParser(parseId).makeOptionMandatory())
    .action(
      onTarget<{ id: number }>(async (options, globals) => {
        const token = await getOwnedToken(options.id, 'any').catch((error: unknown) => {
          throw error instanceof NotFoundError ? new NotFoundError(`No token with id ${options.id}`) : error;
        });
        const revoked = viewToken(await revokeToken(token), Date.now());
        emit(globals, revoked, (t) => `Revoked token ${t.id} (${t.name}) at ${when(t.revoked_at)}.`);
      }),
    );
}

async function createToken(options: { email: string; name: string; expiresInDays: string }, globals: { json?: boolean }): Promise<void> {
  const user = await requireUserByEmail(options.email);
  const { secret, record } = await issueToken(user.id, options.name, Number(options.expiresInDays) as TokenExpiryDays);
  // Same shape as POST /api/v1/tokens, so scripts can treat both alike.
  emit(globals, { token: secret, ...viewToken(record, Date.now()) }, (t) =>
    [
      `Created token ${t.id} for ${user.email}.`,
      fields([['Name', t.name], ['Expires', expiry(t)]]),
      '',
      `  ${t.token}`,
      '',
      'This secret is shown only once: copy it now. Only its hash is stored, so it cannot be shown again.',
    ].join('\n'),
  );
}
