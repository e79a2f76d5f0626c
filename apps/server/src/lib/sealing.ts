import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing: AES-256-GCM under a key derived by HKDF-SHA-256 from a server secret and a purpose
 * label. GCM hides the text and refuses a tampered or foreign one; the label keeps the uses apart
 * (a sealed sign-in cookie never opens as a webhook secret). The sealed form is base64url of the
 * 12-byte IV, the 16-byte tag and the ciphertext.
 */
function sealingKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'copydesk', purpose, 32));
}

export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The text `seal` sealed with the same secret and purpose, or null for anything else (forged, damaged, another key). */
export function unseal(secret: string, purpose: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
