import { parseCookies } from 'better-call';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCookie } from './read-cookie';

// better-call is the request parser behind better-auth's endpoints (ctx.getSignedCookie); the session
// cache must read the session cookie exactly as it does.
const NAME = 'better-auth.session_token';
const betterAuthReads = (header: string) => parseCookies(header).get(NAME) ?? undefined;

describe('readCookie', () => {
  it.each([
    ['the only cookie', `${NAME}=abc.sig`, 'abc.sig'],
    ['the first of two with the same name', `${NAME}=first; ${NAME}=second`, 'first'],
    ['not the __Secure- name', `__Secure-${NAME}=secure; other=1`, undefined],
    ['a quoted, encoded value', `${NAME}="a%2Bb%3D"`, 'a+b='],
    ['a value after a pair without "="', `junk; ${NAME}=v`, 'v'],
    ['a name with spaces around it', ` ${NAME} = v ;x=1`, 'v'],
    ['a badly encoded value as it is', `${NAME}=%E0%A4%A`, '%E0%A4%A'],
  ])('reads %s as better-auth does', (_label, header, expected) => {
    expect(readCookie(header, NAME)).toBe(expected);
    expect(betterAuthReads(header)).toBe(expected);
  });

  it('agrees with better-auth on any header built from cookie-ish pieces', () => {
    const piece = fc.constantFrom(NAME, `__Secure-${NAME}`, 'x', '=', ';', '; ', ' ', '"', '%', '%3D', 'v', '.', ',');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const header = pieces.join('');
        expect(readCookie(header, NAME)).toBe(betterAuthReads(header));
      }),
      { numRuns: 3000 },
    );
  });
});
