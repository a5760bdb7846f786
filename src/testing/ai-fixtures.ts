/** Shared inputs and helpers for tests of the AI writer against the fake provider. */
import { expect } from 'vitest';
import type { PostSlot } from '@shared/domain/slot-planner';
import { writtenPostSchema, type WrittenPost } from '@shared/schemas/post';
import { EMPTY_PROFILE_INPUT, type Profile } from '@shared/schemas/profile';
import { DEFAULT_STRATEGY, type Strategy } from '@shared/schemas/strategy';
import { createWriter } from '@server/ai/create-writer';
import { WriterError } from '@server/ai/errors';
import type { Writer, WriterOptions } from '@server/ai/writer';

export const testProfile: Profile = {
  ...EMPTY_PROFILE_INPUT,
  name: 'Dana',
  companyName: 'Bright Smile Dental',
  description: 'A family dental practice in Leeds with late opening hours.',
  industry: 'dental',
  toneOfVoice: ['conversational', 'professional'],
  website: 'https://brightsmile.example',
  targetAudience: 'Busy parents in Leeds',
  businessGoals: ['brandAwareness', 'customerEngagement'],
  completedOnboarding: true,
  updatedAt: null,
  timeZone: 'Europe/London',
};

export const testStrategy: Strategy = {
  ...DEFAULT_STRATEGY,
  postFrequency: 3,
  preferredDays: ['Tuesday', 'Thursday'],
  contentTypes: ['Images', 'Carousels'],
  keyThemes: 'Winter tooth care, Holiday sweets',
  selectedCTAs: ['Schedule Appointment', 'Learn More'],
  hashtags: 'SmileLeeds, #KidsTeeth',
  additionalInstructions: 'Mention our Saturday clinic once.',
  includeHolidays: true,
  holidayCountry: 'GB',
  selectedHolidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
  useEmojis: false,
};

/** An AI writer for a fake provider at `url`, with short retry back-off so tests stay fast. */
export function fakeAiWriter(url: string, options: WriterOptions = {}): Writer {
  return createWriter(
    { kind: 'openai-compatible', baseURL: url, apiKey: 'test-key', model: 'fake-model', provider: 'Fake AI' },
    { retryDelayMs: 10, ...options },
  );
}

/** The WriterError a promise rejects with (fails the test when it resolves or throws something else). */
export async function writerErrorOf(promise: Promise<unknown>): Promise<WriterError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WriterError);
  return error as WriterError;
}

export function expectPostForSlot(post: WrittenPost | null | undefined, slot: PostSlot): void {
  expect(post).not.toBeNull();
  expect(writtenPostSchema.safeParse(post).success).toBe(true);
  expect(post).toMatchObject({ date: slot.date, platform: slot.platform, type: slot.type });
}
