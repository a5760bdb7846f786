import { z } from 'zod';
import type { Channel, ChannelSetup } from './channel';

// Placeholder while the channel is built: its connection kind is registered, nothing is sent.
export function instagramChannel(_setup: ChannelSetup): Channel<{ accountId: string }, 'instagram'> {
  return {
    kind: 'instagram',
    credentialsSchema: z.object({ accountId: z.string() }),
    test: () => Promise.resolve({ ok: false, message: 'Not built yet.' }),
    send: () => Promise.resolve({ result: 'failed', detail: 'Not built yet.' }),
  };
}
