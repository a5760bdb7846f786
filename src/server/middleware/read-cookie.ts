/**
 * One cookie from a Cookie header, read as better-auth reads its session cookie (better-call's
 * parser): the first cookie of exactly this name wins, its value trimmed, unquoted and URL-decoded.
 */
export function readCookie(header: string, name: string): string | undefined {
  let index = 0;
  while (index < header.length) {
    const equals = header.indexOf('=', index);
    if (equals === -1) return undefined;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < equals) {
      // A pair without '=' before this one: restart at the last ';' before the '='.
      index = header.lastIndexOf(';', equals - 1) + 1;
      continue;
    }
    if (header.slice(index, equals).trim() === name) {
      let value = header.slice(equals + 1, end).trim();
      if (value.startsWith('"')) value = value.slice(1, -1);
      return decode(value);
    }
    index = end + 1;
  }
  return undefined;
}

function decode(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}
