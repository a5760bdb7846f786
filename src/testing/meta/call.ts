import type { HostCall, HostReply } from '../stand-in/loopback-hosts';

/** One request as a handler sees it: the path without its version prefix, query and body parameters merged. */
export type Call = HostCall;

export type Reply = HostReply;

export const ok = (json: unknown): Reply => ({ status: 200, json });

/** The access token of a call: `access_token` in the query or body, or an `Authorization: Bearer|OAuth` header. */
export function accessToken(call: Call): string | undefined {
  if (call.params.access_token) return call.params.access_token;
  const [scheme = '', value, ...rest] = (call.headers.authorization ?? '').split(' ');
  return ['bearer', 'oauth'].includes(scheme.toLowerCase()) && value && rest.length === 0 ? value : undefined;
}

/**
 * The fields a read asks for by name (`fields=a,b`), or the defaults when it names none. A field may
 * expand an edge or object with its own fields, `a{b,c}` (graph-api/guides/field-expansion); its name
 * counts here, its inner fields are `subfieldsOf`.
 */
export const fieldsOf = (call: Call, defaults: string[]) => (call.params.fields ? [...expansions(call.params.fields).keys()] : defaults);

/** The inner fields asked of `field` (`field{a,b}`), or undefined when it was asked without braces. */
export const subfieldsOf = (call: Call, field: string) => expansions(call.params.fields ?? '').get(field);

/** `a,b{c,d}` -> a: undefined, b: [c, d]; commas inside braces belong to the inner list. */
function expansions(list: string): Map<string, string[] | undefined> {
  const found = new Map<string, string[] | undefined>();
  let depth = 0;
  let start = 0;
  const take = (part: string) => {
    const open = part.indexOf('{');
    if (part.trim() === '') return;
    if (open < 0) found.set(part.trim(), undefined);
    else found.set(part.slice(0, open).trim(), [...expansions(part.slice(open + 1, part.lastIndexOf('}'))).keys()]);
  };
  for (let index = 0; index < list.length; index += 1) {
    if (list[index] === '{') depth += 1;
    else if (list[index] === '}') depth -= 1;
    else if (list[index] === ',' && depth === 0) {
      take(list.slice(start, index));
      start = index + 1;
    }
  }
  take(list.slice(start));
  return found;
}

/** Keeps `id` and the asked-for fields of an object. */
export function pick(object: Record<string, unknown>, fields: string[]) {
  return Object.fromEntries(Object.entries(object).filter(([key]) => key === 'id' || fields.includes(key)));
}
