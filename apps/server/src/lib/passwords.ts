import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (m=19456 KiB, t=2, p=1). */
const options = { algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so a missing hash is not observable by timing.
    await hash(password, options);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
