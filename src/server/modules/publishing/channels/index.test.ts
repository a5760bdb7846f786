import { CONNECTION_KINDS } from '@shared/schemas/publishing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND } from '../outbound';
import { createChannels } from './';

describe('the channel registry', () => {
  it('gives every kind of connection the channel of that kind', () => {
    const { channelFor } = createChannels({ policy: DEFAULT_OUTBOUND, providers: {}, publicUrl: 'https://planner.example' });
    expect(CONNECTION_KINDS.map((kind) => channelFor(kind).kind)).toEqual([...CONNECTION_KINDS]);
  });

  it('refuses a kind no channel publishes instead of sending it through another', () => {
    expect(() => createChannels({ policy: DEFAULT_OUTBOUND, providers: {}, publicUrl: 'https://planner.example' }).channelFor('fax')).toThrow(
      "No channel publishes connections of kind 'fax'.",
    );
  });
});
