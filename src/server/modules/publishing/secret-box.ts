import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A sealed value this server cannot open: sealed under another key, or changed. Never worth retrying. */
export class UnreadableCredentials extends Error {
  constructor() {
    super(
      "The saved credentials of this connection can no longer be read: the server's encryption key (ENCRYPTION_KEY) changed since it was added. Remove the connection in Settings → Connections and add it again.",
    );
  }
}

/**
 * Connection credentials at rest: AES-256-GCM under a key derived (HKDF) from ENCRYPTION_KEY or, without
 * it, AUTH_SECRET. The stored text is `v1.<iv>.<tag>.<ciphertext>`, base64url each.
 */
export function createSecretBox(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'content-planner', 'connection-credentials', 32));
  return {
    seal(value: unknown): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    /** Throws UnreadableCredentials when the value was sealed under another key or changed. */
    open<T>(sealed: string): T {
      return JSON.parse(this.openText(sealed)) as T;
    },
    /** The sealed JSON as text (parsed again by each user, who then has a copy of its own); throws as `open`. */
    openText(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new UnreadableCredentials();
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      let text: string;
      try {
        text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new UnreadableCredentials();
      }
      return text;
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
