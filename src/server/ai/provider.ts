/** AiConfig -> AI SDK language model, for any OpenAI-compatible chat-completions server. */
import type { LanguageModel } from 'ai';
import type { AiConfig } from '../config';

export type ProviderConfig = Extract<AiConfig, { kind: 'openai-compatible' }>;

/** The model, with the provider's SDK loaded on first use (sdk.ts). */
export async function createLanguageModel(ai: ProviderConfig): Promise<LanguageModel> {
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  const provider = createOpenAICompatible({
    // The name is only an id inside the SDK (provider options key); the user-facing name is `ai.provider`.
    name: 'openai-compatible',
    baseURL: ai.baseURL,
    ...(ai.apiKey ? { apiKey: ai.apiKey } : {}),
    // Plain servers (Ollama, llama.cpp, LM Studio, vLLM) do not all support `json_schema`: without this
    // flag a JSON request becomes `response_format: { type: 'json_object' }` and we validate with zod.
    supportsStructuredOutputs: false,
    // `stream_options.include_usage` is only sent to OpenAI itself: some local servers reject unknown options.
    includeUsage: ai.provider === 'OpenAI',
  });
  return provider.chatModel(ai.model);
}

/** 'OpenAI gpt-4o-mini', 'OpenAI-compatible server llama3.1': never the address. */
export function describeProvider(ai: ProviderConfig): string {
  return `${ai.provider} ${ai.model}`;
}
