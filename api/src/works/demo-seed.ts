import { Credentials } from '@epos/platform/accounts/credentials';
import type { DemoSeeder, SeedContext } from '../demo/seed.js';
import { addWork } from './work-commands.js';

/** The demo reader's works on the first sentences (the demo poem's permanent ids are its first numbers). */
const works = [
  {
    sentences: [1],
    content: {
      type: 'text' as const,
      description: 'The poem begins *before* dawn, not at it: the whole first canto waits for a light that has not yet come.',
      url: null,
    },
  },
  {
    sentences: [2, 3],
    content: { type: 'video' as const, description: 'A reading of the opening, aloud', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  },
  {
    sentences: [3],
    content: { type: 'rts' as const, description: 'On the imagery of dawn in long poems (an essay)', url: 'https://en.wikipedia.org/wiki/Epic_poetry' },
  },
];

async function seedWorks(context: SeedContext): Promise<void> {
  const reader = await new Credentials(context.database.db).byUserName('reader');
  if (!reader) throw new Error('The works demo needs the demo user reader');
  for (const work of works) await addWork(context.store, { actor: reader.user_id }, { userId: reader.user_id, admin: false }, work);
}

export const worksDemoSeeder: DemoSeeder = { name: 'works', seed: seedWorks };
