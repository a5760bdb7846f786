import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { hc, type ClientResponse } from 'hono/client';
import { apiErrorSchema, type ApiError } from '@shared/schemas/api-error';
import type { AppType } from '@server/app';
import type { Send } from './fetch-from';

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * The body of an untyped call (`get`, `post`, … below) when the caller names no type: `unknown`, so that
 * a test reading a field says what it expects (or reads an error through `errorOf`).
 */
type Untyped = unknown;

export const TEST_PASSWORD = 'correct-horse-battery-9';

const typedApi = (baseUrl: string, send: Send) => hc<AppType>(`${baseUrl}/api`, { fetch: send as typeof fetch });
export type TypedApi = ReturnType<typeof typedApi>;

/** The body types a route answers with (a union when it has several replies). */
type BodyOf<R> = R extends ClientResponse<infer T, any, any> ? T : never;
/** The post an upload answers with (POST /api/posts/:postId/media, multipart, which `hc` does not send). */
type MediaUploadAnswer = BodyOf<Awaited<ReturnType<TypedApi['posts'][':postId']['media']['$post']>>>;

/** A typed call's answer as `{ status, body, headers }`, the body typed by the route's reply. */
export async function read<R extends ClientResponse<unknown, any, any>>(call: Promise<R>): Promise<JsonResponse<BodyOf<R>>> {
  const response = await call;
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as BodyOf<R>, headers: response.headers };
}

/**
 * The error an answer carries, checked against the one error shape and returned as sent (a typed call's
 * body is typed by the route's success reply; a test that expects a refusal reads it through this).
 */
export function errorOf(response: { status: number; body: unknown }): ApiError['error'] {
  if (!apiErrorSchema.safeParse(response.body).success) throw new Error(`expected an error answer, got ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as ApiError).error;
}

/**
 * A browser stand-in: keeps its own cookies, sends JSON, reads JSON. One per simulated user.
 * `api` is the typed API (`hc<AppType>`, as the web app uses it): paths, params and bodies are checked
 * against the routes and answers are typed; read them with `read(...)`. `get`/`post`/… take any path
 * and body, for the bad input, foreign paths and better-auth routes a typed call cannot express.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  /** The page's origin the requests carry: the server's own address, or a load balancer's (see `at`). */
  private origin: string;
  readonly api: TypedApi;
  /** `send` is fetch, or fetchFrom(address) for a client that connects from its own address. */
  constructor(
    readonly baseUrl: string,
    private readonly send: Send = fetch,
  ) {
    this.origin = baseUrl;
    this.api = typedApi(baseUrl, (input, init) => this.exchange(input, init));
  }

  /**
   * The same browser reaching one instance behind a load balancer directly: same page origin, same
   * cookie jar (shared, not copied), another address.
   */
  at(baseUrl: string): TestClient {
    const other = new TestClient(baseUrl, this.send);
    other.cookies = this.cookies;
    other.origin = this.origin;
    return other;
  }

  /** Another browser holding a copy of this one's cookies as they are now (a replayed session, or a server restarted on a new port). */
  copyFor(baseUrl: string): TestClient {
    const twin = new TestClient(baseUrl, this.send);
    twin.cookies = new Map(this.cookies);
    return twin;
  }

  /** Sends as the browser would (same origin, this client's cookies) and keeps the cookies set in the answer. */
  private async exchange(input: Parameters<Send>[0], init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', this.origin);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    const response = await this.send(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async request<T = Untyped>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const response = await this.exchange(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = Untyped>(path: string) => this.request<T>('GET', path);
  post = <T = Untyped>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});
  put = <T = Untyped>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  patch = <T = Untyped>(path: string, body?: unknown) => this.request<T>('PATCH', path, body);
  delete = <T = Untyped>(path: string) => this.request<T>('DELETE', path);

  async signUp(email = `user-${randomBytes(5).toString('hex')}@example.com`, password = TEST_PASSWORD) {
    const response = await this.post('/api/auth/sign-up/email', { email, password, name: '' });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
    return { email, password, userId: (response.body as { user: { id: string } }).user.id };
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A multipart upload of one file in the field "file", as the browser sends it. */
  async upload<T = Untyped>(path: string, bytes: Buffer, name: string, type: string): Promise<JsonResponse<T>> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await this.send(`${this.baseUrl}${path}`, { method: 'POST', body: form, headers: { origin: this.origin, cookie: this.cookieHeader() } });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  /** Uploads one file to a post's media as the browser does; the answer is typed by the route's reply. */
  uploadMedia(postId: string, bytes: Buffer, name = 'logo.png', type = 'image/png') {
    return this.upload<MediaUploadAnswer>(`/api/posts/${postId}/media`, bytes, name, type);
  }

  /**
   * A JSON request over node:http that reads the answer even when the server stops reading the body
   * early (as it does past the size limit); fetch would report only the closed socket.
   */
  rawRequest<T = Untyped>(method: string, path: string, body: string): Promise<JsonResponse<T>> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${this.baseUrl}${path}`, {
        method,
        agent: false,
        headers: { origin: this.origin, cookie: this.cookieHeader(), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: new Headers() }));
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      request.end(body);
    });
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }
}

/** A signed-up user who finished onboarding, ready for the signed-in API. */
export async function onboardedClient(baseUrl: string): Promise<TestClient & { userId: string }> {
  const client = new TestClient(baseUrl);
  const { userId } = await client.signUp();
  await client.api.profile.$put({
    json: {
      name: 'Dana',
      companyName: 'Bright Smile Dental',
      description: 'A family dental practice.',
      industry: 'dental',
      toneOfVoice: ['professional', 'conversational'],
      brandColors: [],
      website: 'https://brightsmile.example',
      targetAudience: 'Families nearby',
      businessGoals: ['brandAwareness'],
    },
  });
  return Object.assign(client, { userId });
}
