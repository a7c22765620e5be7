import { describe, expect, it } from 'vitest';
import { createSecretBox, maskSecret, resolveSecretEdit, SECRET_MASK } from '@/server/secrets';

describe('secrets at rest', () => {
  const box = createSecretBox('k'.repeat(40));

  it('encrypts to a form that does not contain the secret and decrypts back', () => {
    const stored = box.encrypt('bunny-access-key-123');
    expect(stored).not.toContain('bunny-access-key-123');
    expect(box.isEncrypted(stored)).toBe(true);
    expect(box.decrypt(stored)).toBe('bunny-access-key-123');
    // A fresh IV each time: equal secrets do not give equal ciphertexts.
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses to decrypt under another key or after tampering, with a message saying why', () => {
    const stored = box.encrypt('secret');
    expect(() => createSecretBox('x'.repeat(40)).decrypt(stored)).toThrow(/APP_SECRET differs/);
    const tampered = stored.slice(0, -2) + (stored.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.decrypt(tampered)).toThrow();
  });

  it('masks stored secrets and keeps them when an edit sends the mask back', () => {
    const stored = box.encrypt('old');
    expect(maskSecret(stored)).toBe(SECRET_MASK);
    expect(maskSecret(null)).toBe('');
    expect(resolveSecretEdit(box, SECRET_MASK, stored)).toBe(stored);
    expect(resolveSecretEdit(box, undefined, stored)).toBe(stored);
    expect(resolveSecretEdit(box, '', stored)).toBeNull();
    expect(box.decrypt(resolveSecretEdit(box, 'new', stored)!)).toBe('new');
  });
});
