/** Lists are stored as JSON text (portable between SQLite and PostgreSQL); parsed only here and in repositories. */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

export function fromJsonList<T>(text: string | null | undefined): T[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** An object stored as JSON text; null when there is none (or the text is not an object). */
export function fromJsonObject<T extends object>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}
