import type { Profile, ProfileInput } from '@shared/schemas/profile';
import { EMPTY_PROFILE_INPUT } from '@shared/schemas/profile';
import { BRAND_FONTS, DEFAULT_BRAND_FONT, type BrandFont } from '@shared/schemas/brand';
import { DEFAULT_POST_LANGUAGE, POST_LANGUAGES, type PostLanguage } from '@shared/domain/languages';
import type { BusinessGoal, Industry, ToneOfVoice } from '@shared/domain/options';
import type { Db } from '../../platform/db/database';
import { fromJsonList, toJson } from '../../platform/db/json-columns';
import { precompile } from '../../platform/db/precompiled';
import type { ProfilesTable } from '../../platform/db/schema';

function toProfile(row: ProfilesTable): Profile {
  return {
    name: row.name,
    companyName: row.companyName,
    description: row.description,
    industry: row.industry as Industry | '',
    toneOfVoice: fromJsonList<ToneOfVoice>(row.toneOfVoice),
    brandColors: fromJsonList<string>(row.brandColors),
    brandLogo: row.brandLogo,
    brandFont: (BRAND_FONTS as readonly string[]).includes(row.brandFont) ? (row.brandFont as BrandFont) : DEFAULT_BRAND_FONT,
    website: row.website,
    targetAudience: row.targetAudience,
    businessGoals: fromJsonList<BusinessGoal>(row.businessGoals),
    completedOnboarding: row.completedOnboarding === 1,
    updatedAt: row.updatedAt,
    timeZone: row.timeZone,
    postLanguage: (POST_LANGUAGES as readonly string[]).includes(row.postLanguage) ? (row.postLanguage as PostLanguage) : DEFAULT_POST_LANGUAGE,
  };
}

/** The user's time zone and what the zone rule needs (see month-service). */
export type ZoneState = Pick<ProfilesTable, 'timeZone' | 'timeZoneSetAt' | 'archivedThrough'>;

export const NEW_PROFILE: Profile = { ...EMPTY_PROFILE_INPUT, completedOnboarding: false, updatedAt: null, timeZone: 'UTC' };

export function createProfileRepository(db: Db) {
  // Read on every workspace load (the user's clock): built on first use (precompiled.ts).
  let zoneQuery: ((on: Db, userId: string) => Promise<ZoneState[]>) | undefined;
  return {
    async find(userId: string): Promise<Profile | undefined> {
      const row = await db.selectFrom('profiles').selectAll().where('userId', '=', userId).executeTakeFirst();
      return row ? toProfile(row) : undefined;
    },

    /** Writes the given fields, keeping the others (the spec's "write with merge"). */
    async merge(userId: string, fields: Partial<ProfileInput> & { completedOnboarding: boolean; updatedAt: string }) {
      const values: Omit<Partial<ProfilesTable>, 'timeZone'> & Pick<ProfilesTable, 'completedOnboarding' | 'updatedAt'> = {
        completedOnboarding: fields.completedOnboarding ? 1 : 0,
        updatedAt: fields.updatedAt,
      };
      if (fields.name !== undefined) values.name = fields.name;
      if (fields.companyName !== undefined) values.companyName = fields.companyName;
      if (fields.description !== undefined) values.description = fields.description;
      if (fields.industry !== undefined) values.industry = fields.industry;
      if (fields.toneOfVoice !== undefined) values.toneOfVoice = toJson(fields.toneOfVoice);
      if (fields.brandColors !== undefined) values.brandColors = toJson(fields.brandColors);
      if (fields.brandLogo !== undefined) values.brandLogo = fields.brandLogo;
      if (fields.brandFont !== undefined) values.brandFont = fields.brandFont;
      if (fields.website !== undefined) values.website = fields.website;
      if (fields.targetAudience !== undefined) values.targetAudience = fields.targetAudience;
      if (fields.businessGoals !== undefined) values.businessGoals = toJson(fields.businessGoals);
      if (fields.postLanguage !== undefined) values.postLanguage = fields.postLanguage;
      await db
        .insertInto('profiles')
        .values({ ...toRow(EMPTY_PROFILE_INPUT), ...values, userId, timeZone: 'UTC' })
        .onConflict((conflict) => conflict.column('userId').doUpdateSet(values))
        .execute();
    },

    /** The logo's url, null without one; the media sweeps keep the file it names. */
    async findLogo(userId: string): Promise<string | null> {
      const row = await db.selectFrom('profiles').select('brandLogo').where('userId', '=', userId).executeTakeFirst();
      return row?.brandLogo ?? null;
    },
    async findZone(userId: string): Promise<ZoneState | undefined> {
      zoneQuery ??= precompile(db, 1, (id: string) =>
        db.selectFrom('profiles').select(['timeZone', 'timeZoneSetAt', 'archivedThrough']).where('userId', '=', id),
      );
      return (await zoneQuery(db, userId))[0];
    },

    /**
     * Sets the zone the user chose, only if their zone state is still `before` (compare-and-set; false
     * when another change came first). Without a profile yet, creates one.
     */
    async changeTimeZone(userId: string, before: ZoneState | undefined, next: ZoneState): Promise<boolean> {
      if (!before) {
        const result = await db
          .insertInto('profiles')
          .values({ ...toRow(EMPTY_PROFILE_INPUT), userId, completedOnboarding: 0, updatedAt: null, ...next })
          .onConflict((conflict) => conflict.column('userId').doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      }
      const result = await db
        .updateTable('profiles')
        .set(next)
        .where('userId', '=', userId)
        .where('timeZone', '=', before.timeZone)
        .where('timeZoneSetAt', before.timeZoneSetAt === null ? 'is' : '=', before.timeZoneSetAt)
        .where('archivedThrough', before.archivedThrough === null ? 'is' : '=', before.archivedThrough)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

function toRow(input: ProfileInput): Omit<ProfilesTable, 'userId' | 'completedOnboarding' | 'updatedAt' | keyof ZoneState> {
  return {
    name: input.name,
    companyName: input.companyName,
    description: input.description,
    industry: input.industry,
    toneOfVoice: toJson(input.toneOfVoice),
    brandColors: toJson(input.brandColors),
    brandLogo: input.brandLogo ?? null,
    brandFont: input.brandFont ?? DEFAULT_BRAND_FONT,
    website: input.website,
    targetAudience: input.targetAudience,
    businessGoals: toJson(input.businessGoals),
    postLanguage: input.postLanguage ?? DEFAULT_POST_LANGUAGE,
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
