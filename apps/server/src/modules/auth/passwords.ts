import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: the package's const enum can't be imported under verbatimModuleSyntax.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

// Verifying against this when the account doesn't exist keeps both answers equally slow.
const unknownAccountHash = hashPassword('no account has this password');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await unknownAccountHash), password);
  } catch {
    return false;
  }
}
