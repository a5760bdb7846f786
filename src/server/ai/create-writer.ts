/** Picks the writer the configuration asks for: the AI writer, or the offline one without a provider. */
import type { AiConfig } from '../config';
import { createAiWriter } from './ai-writer';
import { createOfflineWriter } from './offline-writer';
import type { Writer, WriterOptions } from './writer';

export function createWriter(ai: AiConfig, options: WriterOptions = {}): Writer {
  return ai.kind === 'offline' ? createOfflineWriter() : createAiWriter(ai, options);
}
