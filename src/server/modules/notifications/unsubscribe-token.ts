import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LISTS, type UnsubscribeList } from '@shared/schemas/notifications';

/**
 * One-click unsubscribe links (RFC 8058): a token naming the user and the e-mail they leave, signed
 * with the server's secret, so it works without a session and cannot be made for anyone else.
 */
export function createUnsubscribeTokens(secret: string) {
  const sign = (userId: string, list: UnsubscribeList) => createHmac('sha256', secret).update(`unsubscribe\u0000${userId}\u0000${list}`).digest('base64url');
  return {
    token(userId: string, list: UnsubscribeList): string {
      return `${Buffer.from(userId, 'utf8').toString('base64url')}.${list}.${sign(userId, list)}`;
    },
    /** The user and list a token names, or undefined when it was not signed here. */
    read(token: string): { userId: string; list: UnsubscribeList } | undefined {
      const [encodedUser, list, signature] = token.split('.');
      if (!encodedUser || !signature || !UNSUBSCRIBE_LISTS.includes(list as UnsubscribeList)) return undefined;
      const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
      const expected = Buffer.from(sign(userId, list as UnsubscribeList), 'base64url');
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { userId, list: list as UnsubscribeList };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
