/**
 * The image model (AI_IMAGE_MODEL) behind "Generate image": an OpenAI-compatible images endpoint
 * (`POST {baseURL}/images/generations`). Unset, images are made from templates only.
 */
export interface ImageModelConfig {
  /** AI_IMAGE_BASE_URL, else the text provider's (AI_BASE_URL or OpenAI's). Never shown to users. */
  baseURL: string;
  /** AI_IMAGE_API_KEY, else the text provider's key. Never logged. */
  apiKey: string | undefined;
  model: string;
  /** A name users may see: "OpenAI" or "OpenAI-compatible server", never the address. */
  provider: string;
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** What the text provider's settings (config.ts's AiConfig) lend the image model. */
type TextProvider = { kind: 'offline' } | { kind: 'openai-compatible'; baseURL: string; apiKey: string | undefined };

/** Reads AI_IMAGE_MODEL, AI_IMAGE_BASE_URL and AI_IMAGE_API_KEY (empty values already removed). */
export function imageModelConfig(env: Record<string, string>, ai: TextProvider, fail: (message: string) => Error): ImageModelConfig | undefined {
  const model = env.AI_IMAGE_MODEL?.trim();
  const ownBase = env.AI_IMAGE_BASE_URL?.trim();
  if (!model) {
    if (ownBase || env.AI_IMAGE_API_KEY)
      throw fail('AI_IMAGE_MODEL must be set when AI_IMAGE_BASE_URL or AI_IMAGE_API_KEY is set (for example AI_IMAGE_MODEL=gpt-image-1).');
    return undefined;
  }
  let baseURL: string;
  if (ownBase) {
    let url: URL | undefined;
    try {
      url = new URL(ownBase);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol)) throw fail('AI_IMAGE_BASE_URL must be an http(s) URL such as https://api.openai.com/v1.');
    baseURL = ownBase;
    while (baseURL.endsWith('/')) baseURL = baseURL.slice(0, -1);
  } else if (ai.kind === 'openai-compatible') {
    baseURL = ai.baseURL;
  } else if (env.AI_IMAGE_API_KEY) {
    baseURL = OPENAI_BASE_URL;
  } else {
    throw fail('AI_IMAGE_BASE_URL or AI_IMAGE_API_KEY must be set with AI_IMAGE_MODEL when no AI provider is configured.');
  }
  const apiKey = env.AI_IMAGE_API_KEY ?? (ai.kind === 'openai-compatible' ? ai.apiKey : undefined);
  return { baseURL, apiKey, model, provider: new URL(baseURL).host === 'api.openai.com' ? 'OpenAI' : 'OpenAI-compatible server' };
}
