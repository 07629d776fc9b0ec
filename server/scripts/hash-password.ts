/**
 * Prints a password hash for a user record in db.json:
 *   npx tsx server/scripts/hash-password.ts <password>
 * Uses PASSWORD_HASH_COST (default 16384).
 */
import { hashPassword } from '../auth/passwords';
import { loadConfig } from '../config';

async function main(): Promise<void> {
  const password = process.argv[2];
  if (password === undefined || password === '') {
    console.error('usage: tsx server/scripts/hash-password.ts <password>');
    process.exit(2);
  }
  console.log(await hashPassword(password, loadConfig().passwordHashCost));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
