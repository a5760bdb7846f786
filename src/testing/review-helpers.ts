import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { addPost, type ManualPost } from './month-posts';
import { onboardedClient, read, TestClient, type TypedApi } from './test-client';
import type { Send } from './fetch-from';

/** The clock's start in review tests: May 2031, so June 2031 lies ahead (writable) whatever today is. */
export const REVIEW_START = '2031-05-20T08:00:00Z';
export const JUNE = '2031-6';
export const juneDay = (n: number) => `2031-06-${String(n).padStart(2, '0')}`;

type ShareInput = Parameters<TypedApi['months'][':id']['review-links']['$post']>[0]['json'];
type DecisionInput = Parameters<TypedApi['review'][':token']['posts'][':postId']['$post']>[0]['json'];

/** A signed-in planner whose current and next months exist (on the server's clock). */
export async function plannerAt(url: string) {
  const client = await onboardedClient(url);
  await read(client.api.workspace.$get());
  return client;
}

/** A hand-written post in June on day `day`. */
export const junePost = (client: TestClient, day: number, fields: Partial<ManualPost> = {}) =>
  addPost(client, { date: juneDay(day), content: `Post of June ${day}`, ...fields }, { targetId: JUNE, day: juneDay });

/** Shares the month (June unless said) and answers the new link and the token in its address. */
export async function share(client: TestClient, json: ShareInput = {}, monthId = JUNE) {
  const created = await read(client.api.months[':id']['review-links'].$post({ param: { id: monthId }, json }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = created.body.url.slice(created.body.url.lastIndexOf('/') + 1);
  return { ...created.body, token };
}

/** Someone who opened the link: no account, no cookie (from their own address with `send`). */
export const reviewerOf = (url: string, send?: Send) => new TestClient(url, send);

export const openPage = (reviewer: TestClient, token: string) => read(reviewer.api.review[':token'].$get({ param: { token } }));

export const decide = (reviewer: TestClient, token: string, postId: string, json: DecisionInput) =>
  read(reviewer.api.review[':token'].posts[':postId'].$post({ param: { token, postId }, json }));

export const approveRest = (reviewer: TestClient, token: string, posts: { id: string; version: number }[]) =>
  read(reviewer.api.review[':token']['approve-rest'].$post({ param: { token }, json: { posts } }));

/** What the database keeps of a token. */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
