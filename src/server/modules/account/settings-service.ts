import { WriterError } from '../../ai/errors';
import type { Writer } from '../../ai/writer';
import type { AiSettings, ConnectionTest } from '@shared/schemas/settings';
import type { AiConfig } from '../../config';
import type { UsageLimits } from './usage-limits';

const CONNECTION_TEST_TIMEOUT_MS = 25_000;

/** Settings' AI section: which writer is in use (never its key or address) and a connection test. */
export function createSettingsService({ writer, usage }: { writer: Writer; usage: UsageLimits }) {
  return {
    /** What the user may see of the configured writer: its label, and for a provider its name and model. */
    ai(ai: AiConfig): AiSettings {
      return ai.kind === 'offline'
        ? { kind: 'offline' as const, label: writer.label, provider: null, model: null }
        : { kind: 'ai' as const, label: writer.label, provider: ai.provider, model: ai.model };
    },

    /** One small request to the provider (counted like any AI request); a failure is an answer, not an error. */
    async testConnection(userId: string): Promise<ConnectionTest> {
      await usage.consumeAiRequest(userId);
      const started = performance.now();
      const latencyMs = () => Math.round(performance.now() - started);
      try {
        await writer.testConnection(AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS));
        return {
          ok: true,
          latencyMs: latencyMs(),
          message: writer.kind === 'offline' ? 'The built-in template writer needs no connection.' : `${writer.label} answered.`,
        };
      } catch (error) {
        return { ok: false, latencyMs: latencyMs(), message: error instanceof WriterError ? error.message : 'The connection test failed unexpectedly.' };
      }
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
