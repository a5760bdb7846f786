import { voiceCsvSchema, voiceExampleIdParamSchema, voicePasteSchema, voiceReadSchema } from '@shared/schemas/voice';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /voice: Settings → "Your voice", the user's examples of the brand's voice. */
export function voiceRoutes(deps: AppDeps) {
  const { services } = deps;
  return protectedRoutes(deps)
    .get('/', async (c) => c.json(await services.voice.list(c.var.user.id)))
    .post('/pasted', validate('json', voicePasteSchema), async (c) => c.json(await services.voice.paste(c.var.user.id, c.req.valid('json')), 201))
    .post('/csv', validate('json', voiceCsvSchema), async (c) => c.json(await services.voice.importCsv(c.var.user.id, c.req.valid('json')), 201))
    .post('/read', validate('json', voiceReadSchema), async (c) =>
      c.json(await services.voice.readAccount(c.var.user.id, c.req.valid('json').connectionId), 201),
    )
    .delete('/:exampleId', validate('param', voiceExampleIdParamSchema), async (c) =>
      c.json(await services.voice.remove(c.var.user.id, c.req.valid('param').exampleId)),
    )
    .delete('/', async (c) => c.json(await services.voice.removeAll(c.var.user.id)));
}
