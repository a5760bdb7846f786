import type { DatabaseHandle } from '../db/database';
import { createProfileRepository } from '../db/profile-repository';
import { createProfileService } from './profile-service';

/** Wires repositories into services; the one place that knows both. */
export function createServices(database: DatabaseHandle) {
  return {
    profile: createProfileService(createProfileRepository(database.db)),
  };
}

export type Services = ReturnType<typeof createServices>;
