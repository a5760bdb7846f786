import { Hono } from 'hono';
import {
  notificationParamSchema,
  notificationSettingsInputSchema,
  notificationsQuerySchema,
  unsubscribeTokenSchema,
  type UnsubscribeList,
} from '@shared/schemas/notifications';
import type { AppDeps, AppEnv } from '../../context';
import { protectedRoutes } from '../../middleware/protected-routes';
import { validate } from '../../validation';
import { escapeHtml } from './notification-mail';

/** Mounted at /notifications: the bell's list, newest first, and marking read. */
export function notificationRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/', validate('query', notificationsQuerySchema), async (c) => c.json(await services.notifications.list(c.var.user.id, c.req.valid('query'))))
    .post('/read-all', async (c) => c.json(await services.notifications.markAllRead(c.var.user.id)))
    .post('/:notificationId/read', validate('param', notificationParamSchema), async (c) =>
      c.json(await services.notifications.markRead(c.var.user.id, c.req.valid('param').notificationId)),
    );
}

/** Mounted at /settings: Settings → Notifications, the user's e-mail choices. */
export function notificationSettingsRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/notifications', async (c) => c.json(await services.notifications.settings(c.var.user.id)))
    .put('/notifications', validate('json', notificationSettingsInputSchema), async (c) =>
      c.json(await services.notifications.saveSettings(c.var.user.id, c.req.valid('json'))),
    );
}

const LIST_NAMES: Record<UnsubscribeList, string> = { dailyDigest: 'the daily digest', weeklyPreview: 'the Monday “Going out this week” e-mail' };

/** A small page of its own (the unsubscribe link opens without the app or a session). */
function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:520px;margin:48px auto;padding:0 16px;line-height:1.5"><main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${content}</main></body></html>`;
}

/**
 * Mounted at /unsubscribe (outside /api: no session, and a mail provider's POST carries no Origin):
 * one-click unsubscribe (RFC 8058). GET shows a page asking to confirm; POST, from that page or from
 * the mail client's List-Unsubscribe-Post, turns that e-mail off. The token names the user and the
 * e-mail, signed with the server's secret; any other answers 400 in the error shape.
 */
export function unsubscribeRoutes(deps: AppDeps) {
  const { services, config } = deps;
  return new Hono<AppEnv>()
    .get('/:token', validate('param', unsubscribeTokenSchema), async (c) => {
      const { token } = c.req.valid('param');
      const { list } = await services.notifications.unsubscribeTarget(token);
      const action = `${config.publicUrl}/unsubscribe/${encodeURIComponent(token)}`;
      return c.html(
        page(
          'Stop these e-mails?',
          `<p>You will no longer get ${escapeHtml(LIST_NAMES[list])}. You can turn it back on in Settings → Notifications.</p><form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:1rem;padding:8px 16px">Unsubscribe</button></form>`,
        ),
      );
    })
    .post('/:token', validate('param', unsubscribeTokenSchema), async (c) => {
      const { list } = await services.notifications.unsubscribe(c.req.valid('param').token);
      const settings = `${config.publicUrl}/settings#notifications`;
      return c.html(
        page(
          'You are unsubscribed',
          `<p>You will no longer get ${escapeHtml(LIST_NAMES[list])}. <a href="${escapeHtml(settings)}">Choose your e-mails in Settings → Notifications</a>.</p>`,
        ),
      );
    });
}
