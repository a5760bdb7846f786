import { z } from 'zod';
import type { Channel, ChannelSetup } from './channel';

// Placeholder while the channel is built: its connection kind is registered, nothing is sent.
export function facebookChannel(_setup: ChannelSetup): Channel<{ accountId: string }, 'facebook'> {
  return {
    kind: 'facebook',
    credentialsSchema: z.object({ accountId: z.string() }),
    test: () => Promise.resolve({ ok: false, message: 'Not built yet.' }),
    send: () => Promise.resolve({ result: 'failed', detail: 'Not built yet.' }),
  };
}
