import { randomUUID } from 'node:crypto';
import { isDateInMonth, type MonthRef } from '../../shared/domain/months';
import { planSlots, type PostSlot } from '../../shared/domain/slot-planner';
import type { GenerationJob, StartGeneration } from '../../shared/schemas/generation';
import type { Writer } from '../ai/writer';
import { isUniqueViolation, toJob, type JobRepository, type JobRow } from '../db/job-repository';
import type { ProfileRepository } from '../db/profile-repository';
import { NEW_PROFILE } from '../db/profile-repository';
import { AppError, notFound } from '../errors';
import type { GenerationRunner } from '../jobs/generation-runner';
import type { MonthService } from './month-service';
import type { UsageLimits } from './usage-limits';

interface Deps {
  monthService: MonthService;
  profiles: ProfileRepository;
  jobs: JobRepository;
  runner: GenerationRunner;
  writer: Writer;
  usage: UsageLimits;
  now?: () => Date;
}

export const ALREADY_RUNNING = 'This month is already being generated. Wait for it to finish.';

export function createGenerationService({ monthService, profiles, jobs, runner, writer, usage, now = () => new Date() }: Deps) {
  return {
    /**
     * Plans the slots, then in one transaction checks the month, inserts the job and saves the strategy:
     * a start refused (another job running, posts to replace, an archived month) leaves the saved
     * strategy as it was. Answers before any post is written.
     */
    async start(userId: string, monthId: string, { strategy, replaceExisting }: StartGeneration): Promise<GenerationJob> {
      await usage.consumeAiRequest(userId);
      let started: { row: JobRow; slots: PostSlot[]; ref: MonthRef };
      try {
        started = await monthService.writeInMonth(userId, monthId, async (repositories, month) => {
          const ref = { year: month.year, month: month.month };
          const outside = strategy.selectedHolidays.find((holiday) => !isDateInMonth(holiday.date, ref));
          if (outside) throw new AppError('bad_request', `The holiday "${outside.name}" (${outside.date}) is not in ${month.name} ${month.year}.`);
          if (month.postCount > 0 && !replaceExisting) {
            throw new AppError('conflict', `${month.name} ${month.year} already has ${month.postCount} posts. Generating again replaces them; confirm to continue.`);
          }
          const slots = planSlots({ ...ref, strategy });
          if (slots.length === 0) throw new AppError('bad_request', 'This strategy plans no posts for the month. Choose at least one post a week.');
          const startedAt = now();
          const at = startedAt.toISOString();
          const row: JobRow = {
            id: randomUUID(),
            userId,
            monthId,
            status: 'running',
            planned: slots.length,
            written: 0,
            kept: 0,
            replaceExisting: replaceExisting ? 1 : 0,
            error: null,
            problems: '[]',
            writer: writer.label,
            createdAt: at,
            updatedAt: at,
            finishedAt: null,
            leaseUntil: runner.leaseEnd(startedAt),
          };
          // The job first: a second start waits here for the first one's transaction, then is refused.
          await repositories.jobs.insert(row, at);
          await repositories.months.saveStrategy(userId, monthId, strategy, at);
          return { row, slots, ref };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', ALREADY_RUNNING);
        throw error;
      }
      const profile = (await profiles.find(userId)) ?? NEW_PROFILE;
      runner.start(started.row, { profile, strategy, ...started.ref }, started.slots);
      return toJob(started.row, []);
    },

    /** The month's latest job (running or finished), so a reloaded page can re-attach to it. */
    async latest(userId: string, monthId: string): Promise<GenerationJob | null> {
      await monthService.get(userId, monthId);
      const row = await jobs.latestForMonth(userId, monthId);
      return row ? ((await runner.snapshot(row.id)) ?? null) : null;
    },

    async get(userId: string, jobId: string): Promise<GenerationJob> {
      const row = await jobs.find(userId, jobId);
      if (!row) throw notFound('Generation job');
      return (await runner.snapshot(row.id))!;
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
