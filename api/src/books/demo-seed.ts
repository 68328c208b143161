import { randomUUID } from 'node:crypto';
import { authorSlugStream, authorStream, bookSlugStream, bookStream, slugify, SYSTEM_ACTOR, type BookContent } from '@epos/schemas';
import type { DemoSeeder, SeedContext } from '../demo/seed.js';

const author = { name: 'Mira Alder' };

const parts: { title: string; intro: string; sections: [string, string][] }[] = [
  {
    title: 'How to use this companion',
    intro:
      'This companion follows *The Lamp of Evening* book by book. Each part names the sentences it discusses: a link such as ||1|| opens the sentence with its notes and translations.',
    sections: [
      [
        'Reading slowly',
        'Read a section aloud before reading about it. The poem was written to be heard, and its pauses say as much as its words; begin with ||1|| and ||2||.',
      ],
      [
        'The three editions',
        'Where the First, Centenary and Revised editions differ, the companion says which it quotes. The compare view shows every change word by word.',
      ],
    ],
  },
  {
    title: 'Book One: the threshold',
    intro: 'The first book stands at a door at dusk. Nothing happens yet, and everything is prepared: the lamp, the road, the listener.',
    sections: [
      ['The lamp', 'The lamp of the title appears in ||3|| and returns in ||7||. It is never lit in the first book; the poem waits for it.'],
      [
        'The threshold',
        'A threshold is a place between. In ||5|| the speaker neither enters nor leaves, and the metre hesitates with them: read the line twice.',
      ],
      ['The listener', 'Who is addressed? From ||9|| to ||12|| the poem turns from description to address, and the reader becomes the one spoken to.'],
    ],
  },
  {
    title: 'Book Two: the road',
    intro: 'The second book moves. Its sentences are longer, its images follow one another like milestones.',
    sections: [
      ['Milestones', 'Count the stops on the road in ||20|| and after: each is a memory as well as a place.'],
      ['Weather', 'Rain, then wind, then a clear night: the weather of the second book is the speaker’s mood made visible.'],
    ],
  },
  {
    title: 'On the metre',
    intro: 'The poem keeps a loose five-beat line. It bends, but it rarely breaks, and where it breaks it means something.',
    sections: [
      ['Long vowels', 'Long vowels slow the line. Listen for them at the ends of sentences, where the thought comes to rest.'],
      ['The *caesura*', 'Most lines pause near the middle. When a line runs on without one, as in ||4||, the sense runs on too.'],
    ],
  },
];

const companion: BookContent = {
  title: 'A Reader’s Companion to The Lamp of Evening',
  order: 1,
  markdown: [
    'A guide for first readers and returning ones: what to listen for, where the poem turns, and how the editions differ.',
    ...parts.map((part) => [`## ${part.title}`, part.intro, ...part.sections.map(([heading, text]) => `### ${heading}\n\n${text}`)].join('\n\n')),
    '> Every reading is a first reading.',
  ].join('\n\n'),
};

const metre: BookContent = {
  title: 'Notes on Reading Aloud',
  order: 2,
  markdown: [
    'Short notes for reading the poem aloud, alone or in a group.',
    '## Breath\n\nTake a breath at each full stop, not at each line end. Sentence ||1|| is one breath; ||2|| is two.',
    '## Pace\n\nSlower than you think. The speech button on a sentence page gives one reading; yours may differ.',
    '## Together\n\nIn a group, give each reader a whole sentence rather than a line: the poem thinks in sentences.',
  ].join('\n\n'),
};

async function seedBooks(context: SeedContext): Promise<void> {
  const cause = { actor: SYSTEM_ACTOR };
  const authorId = randomUUID();
  const slug = slugify(author.name);
  await context.store.appendMany(
    [
      { streamId: authorSlugStream(slug), events: [{ type: 'AuthorSlugReserved', data: { slug, authorId } }], expectedRevision: 'no_stream' },
      { streamId: authorStream(authorId), events: [{ type: 'AuthorAdded', data: { authorId, name: author.name, slug } }], expectedRevision: 'no_stream' },
    ],
    { cause },
  );
  for (const content of [companion, metre]) {
    const bookId = randomUUID();
    const bookSlug = slugify(content.title);
    await context.store.appendMany(
      [
        {
          streamId: bookSlugStream(authorId, bookSlug),
          events: [{ type: 'BookSlugReserved', data: { authorId, slug: bookSlug, bookId } }],
          expectedRevision: 'no_stream',
        },
        { streamId: bookStream(bookId), events: [{ type: 'BookAdded', data: { bookId, authorId, slug: bookSlug, content } }], expectedRevision: 'no_stream' },
      ],
      { cause },
    );
  }
}

/** One author with two books: a companion to the poem with a table of contents (h2 and h3) and sentence links, and a short one. */
export const booksDemoSeeder: DemoSeeder = { name: 'books', seed: seedBooks };
