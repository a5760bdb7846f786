/** Account rules, kept free of zod so the login page stays small (the schema in schemas/auth uses them). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/** A light shape check for the form; the server decides for real. */
export function looksLikeEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
