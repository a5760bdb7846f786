/** What the stand-in's own tests share: raw HTTP as a client sends it (redirects not followed, JSON parsed). */
export { call, type Answer } from '../stand-in/http-call';

/** The headers every /rest call carries. */
export const restHeaders = (version: string) => ({ 'linkedin-version': version, 'x-restli-protocol-version': '2.0.0' });
