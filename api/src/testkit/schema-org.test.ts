import { describe, expect, it } from 'vitest';
import { schemaOrgProblems } from './schema-org.js';

describe("schema.org's vocabulary, as the JSON-LD tests read it", () => {
  it('accepts an item that conforms, with its nested items and inherited properties', () => {
    const work = {
      '@type': 'CreativeWork',
      name: 'Inferno · Canto I',
      position: 1,
      isPartOf: { '@type': 'Book', name: 'The Divine Comedy', url: 'https://epos.test/' },
      author: { '@type': 'Person', name: 'Dante Alighieri' },
      url: 'https://epos.test/1/1/1',
    };
    expect(schemaOrgProblems(work)).toEqual([]);
    expect(
      schemaOrgProblems({ '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'x', item: 'https://epos.test/' }] }),
    ).toEqual([]);
  });

  it('names a type or property schema.org lacks, one on the wrong type, a value of a type it does not take, and a superseded one', () => {
    expect(schemaOrgProblems({ '@type': 'Poem', name: 'x' })).toEqual(['$: schema.org has no type Poem']);
    expect(schemaOrgProblems({ '@type': 'CreativeWork', verseCount: 3 })).toEqual(['$.verseCount: schema.org has no property verseCount']);
    expect(schemaOrgProblems({ '@type': 'Person', isbn: '978' })).toEqual(['$.isbn: not a property of Person']);
    expect(schemaOrgProblems({ '@type': 'CreativeWork', author: { '@type': 'Book', name: 'x' } })).toEqual(['$.author: author takes no Book']);
    expect(schemaOrgProblems({ '@type': 'CreativeWork', name: 7 })).toEqual(['$.name: name takes no number']);
    expect(schemaOrgProblems({ '@type': 'Event', attendees: { '@type': 'Person', name: 'x' } })).toEqual(['$.attendees: superseded by attendee']);
    expect(schemaOrgProblems({ '@type': 'Book', isPartOf: { '@type': 'CreativeWork', nme: 'x' } })).toEqual(['$.isPartOf.nme: schema.org has no property nme']);
  });
});
