import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (storage keys, service-account JSON, API keys) are AES-256-GCM encrypted under a
 * key derived from APP_SECRET. The stored form is `enc:v1:<iv>:<tag>:<ciphertext>` (base64url), so a
 * value that is not encrypted yet is recognisable and a future key rotation can add `v2`.
 */
const PREFIX = 'enc:v1:';
export const SECRET_MASK = '••••••••';

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  isEncrypted(value: string | null | undefined): boolean;
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = createHash('sha256').update(`ddex-secrets:${appSecret}`).digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
    },
    decrypt(stored) {
      if (!stored.startsWith(PREFIX)) throw new Error('Stored secret is not in the encrypted format');
      const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
      if (!iv || !tag || body === undefined) throw new Error('Stored secret is damaged');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('Stored secret cannot be decrypted: APP_SECRET differs from the one it was saved with');
      }
    },
    isEncrypted(value) {
      return typeof value === 'string' && value.startsWith(PREFIX);
    },
  };
}

/** What the API sends instead of a secret: the mask when one is stored, empty when none. */
export function maskSecret(stored: string | null | undefined): string {
  return stored ? SECRET_MASK : '';
}

/**
 * An edit form sends back the mask when the operator did not touch the field: keep the stored
 * value then. An empty string clears it; anything else is a new secret to encrypt.
 */
export function resolveSecretEdit(box: SecretBox, incoming: string | null | undefined, stored: string | null): string | null {
  if (incoming === undefined || incoming === SECRET_MASK) return stored;
  if (incoming === null || incoming.trim() === '') return null;
  return box.encrypt(incoming);
}
