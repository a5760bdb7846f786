import type { MonthService } from './month-service';
import { postsToCsv, postsToIcs } from './export-format';

/** A month's posts as files other tools import: CSV for bulk schedulers, iCalendar for calendars. */
export function createExportService({ monthService, publicUrl, now = () => new Date() }: { monthService: MonthService; publicUrl: string; now?: () => Date }) {
  return {
    async csv(userId: string, monthId: string) {
      const month = await monthService.get(userId, monthId);
      return { filename: `content-plan-${month.id}.csv`, body: postsToCsv(month.posts, publicUrl) };
    },

    async ics(userId: string, monthId: string) {
      const month = await monthService.get(userId, monthId);
      const { timeZone } = await monthService.workspaceClock(userId);
      const body = postsToIcs(month.posts, {
        calendarName: `Content plan ${month.name} ${month.year}`,
        timeZone,
        now: now(),
        host: new URL(publicUrl).hostname,
      });
      return { filename: `content-plan-${month.id}.ics`, body };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
