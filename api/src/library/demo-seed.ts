import { SYSTEM_ACTOR, type PageContent } from '@epos/schemas';
import type { DemoSeeder } from '../demo/seed.js';
import { demoAboutMarkdown } from './demo-about.js';
import { createPage } from './page-commands.js';

type DemoPage = { path: string; content: Omit<PageContent, 'parent'>; parentPath?: string };

const pages: DemoPage[] = [
  {
    path: '/guide',
    content: {
      name: 'Reading guide',
      permalink: 'reading-guide',
      category: 'Main menu',
      priority: 2,
      markdown:
        '# Reading guide\n\nStart slowly. The pages below take one question each.\n\n- Read a canto aloud.\n- Keep notes on single sentences.\n- Compare editions where they differ.',
    },
  },
  {
    path: '/guide/reading-a-canto',
    parentPath: '/guide',
    content: {
      name: 'Reading a canto',
      permalink: 'reading-a-canto',
      category: 'Non-Menu',
      priority: null,
      markdown:
        '# Reading a canto\n\nRead a whole section once without stopping, then return to the sentence that held you, say ||4||, and read it aloud.\n\n> The metre is easier to hear than to see.',
    },
  },
  {
    path: '/guide/reading-a-canto/metre',
    parentPath: '/guide/reading-a-canto',
    content: {
      name: 'Hearing the metre',
      permalink: 'hearing-the-metre',
      category: 'Non-Menu',
      priority: null,
      markdown: '# Hearing the metre\n\nMost lines carry five stresses. The *Counts* view lists syllables per line.',
    },
  },
  {
    path: '/colophon',
    content: {
      name: 'Colophon',
      permalink: 'colophon',
      category: 'Footer',
      priority: 1,
      markdown: '# Colophon\n\nText of the poem: the demo edition. Set in Noto fonts. Built with event sourcing on PostgreSQL.',
    },
  },
];

/** Library pages that show each category: two in the top navigation, a footer page, and children under a parent. */
export const libraryDemoSeeder: DemoSeeder = {
  name: 'library pages',
  async seed(context) {
    const ids = new Map<string, string>();
    const about: DemoPage = {
      path: '/about',
      content: { name: 'About the poem', permalink: 'about-the-poem', category: 'Main menu', priority: 1, markdown: await demoAboutMarkdown() },
    };
    for (const page of [about, ...pages]) {
      const parent = page.parentPath ? ids.get(page.parentPath)! : null;
      const { state } = await createPage(context.store, { actor: SYSTEM_ACTOR }, { path: page.path, content: { ...page.content, parent } });
      ids.set(page.path, state.pageId);
    }
  },
};
