import type { Runtime } from '@epos/platform';

export type DemoSeeder = { name: string; seed(runtime: Runtime): Promise<void> };

/** Demo content, each feature adding its own; loaded only into an empty event store. */
export const demoSeeders: DemoSeeder[] = [];

export async function seedDemoIfEmpty(runtime: Runtime): Promise<boolean> {
  if (!runtime.config.SEED_DEMO) return false;
  if ((await runtime.store.headPosition()) > 0n) return false;
  for (const seeder of demoSeeders) {
    runtime.logger.info({ seeder: seeder.name }, 'seeding demo content');
    await seeder.seed(runtime);
  }
  return true;
}
