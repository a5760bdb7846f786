import { z } from 'zod';
import { PLATFORMS } from '../domain/options';

export { DEFAULT_SCHEDULE_TIME } from './values';

/** Schedule a post: the network it goes to and the local time of day (the user's time zone). */
export const scheduleSchema = z.object({
  platform: z.enum(PLATFORMS),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times look like 09:00 (24-hour clock).'),
});
export type Schedule = z.infer<typeof scheduleSchema>;
