import { hashPassword, verifyPassword } from '../../server/auth/passwords';

describe('passwords', () => {
  it('hashes with a salt in the scrypt$N$r$p$salt$hash format', async () => {
    const first = await hashPassword('admin123', 16);
    const second = await hashPassword('admin123', 16);
    expect(first).toMatch(/^scrypt\$16\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('admin123', 16);
    await expect(verifyPassword('admin123', hash)).resolves.toBe(true);
    await expect(verifyPassword('admin124', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('verifies with the cost stored in the hash', async () => {
    const hash = await hashPassword('secret', 32);
    await expect(verifyPassword('secret', hash)).resolves.toBe(true);
  });

  it.each(['', 'plain', 'scrypt$x$8$1$a$b', 'bcrypt$16$8$1$YQ==$YQ==', 'scrypt$16$8$1$YQ==$'])(
    'refuses the unreadable hash %j',
    async (stored) => {
      await expect(verifyPassword('anything', stored)).resolves.toBe(false);
    },
  );

  it('checks the seeded demo password (db.json uses the default cost)', async () => {
    const { readFile } = await import('node:fs/promises');
    const { SEED_FILE } = await import('../../server/config');
    const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as {
      users: { username: string; passwordHash: string }[];
    };
    const admin = seed.users.find((user) => user.username === 'admin');
    expect(admin?.passwordHash).toMatch(/^scrypt\$16384\$/);
    await expect(verifyPassword('admin123', admin?.passwordHash ?? '')).resolves.toBe(true);
  });
});
