/**
 * Row types of our own tables. Columns are camelCase like better-auth's, so one Kysely instance
 * serves both without a naming plugin. Timestamps are ISO strings, booleans 0/1, lists JSON text:
 * the same values on SQLite and PostgreSQL.
 */
export interface ProfilesTable {
  userId: string;
  name: string;
  companyName: string;
  description: string;
  industry: string;
  toneOfVoice: string;
  brandColors: string;
  website: string;
  targetAudience: string;
  businessGoals: string;
  completedOnboarding: number;
  updatedAt: string | null;
}

export interface DatabaseSchema {
  profiles: ProfilesTable;
}
