// `npm run reset-password -- <email>`: a one-time link to set a new password, for the operator to hand
// to the account's owner when the server sends no e-mail (no SMTP_URL). It is better-auth's own reset
// link (valid one hour, single use; the token stored only as its hash), made with the server's settings
// and database, so the running server accepts it.
import { ConfigError, loadConfig } from '@server/config';
import { createAuth } from '@server/platform/auth';
import { openDatabase } from '@server/platform/db/database';
import { createLogger } from '@server/platform/logger';

async function main() {
  const email = process.argv[2]?.trim();
  if (!email || !email.includes('@')) {
    process.stderr.write('Usage: npm run reset-password -- <email>\n');
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  let link: string | undefined;
  try {
    const auth = createAuth(config, database, createLogger('silent'), undefined, async (_user, made) => {
      link = made;
    });
    await auth.api.requestPasswordReset({ body: { email } });
  } finally {
    await database.close();
  }
  if (!link) {
    process.stderr.write(`No account uses ${email}.\n`);
    process.exit(1);
  }
  process.stdout.write(`Send this link to the owner of ${email}. It sets a new password once, within one hour, and signs out their other sessions:\n${link}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? 'Configuration error: ' : 'Reset link not made: '}${(error as Error).message}\n`);
  process.exit(1);
});
