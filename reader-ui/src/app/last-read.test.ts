import { describe, expect, it } from 'vitest';
import { LAST_READ_KEY, lastRead, parseLastRead, rememberLastRead, sectionLabel } from './last-read';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('the last section read', () => {
  it('is remembered and read back, edition included', () => {
    const storage = memoryStorage();
    expect(lastRead(storage)).toBeNull();
    rememberLastRead({ path: '/1/2/1/revised', label: 'A · B · C' }, storage);
    expect(lastRead(storage)).toEqual({ path: '/1/2/1/revised', label: 'A · B · C' });
    rememberLastRead({ path: '/2/1/1', label: 'D' }, storage);
    expect(lastRead(storage)).toEqual({ path: '/2/1/1', label: 'D' });
  });

  it('ignores anything stored that is not a section of this site', () => {
    expect(parseLastRead('{"path":"//evil.example/1/1/1","label":"x"}')).toBeNull();
    expect(parseLastRead('{"path":"/blogs/x","label":"x"}')).toBeNull();
    expect(parseLastRead('{"path":"/1/1/1"}')).toBeNull();
    expect(parseLastRead('not json')).toBeNull();
    expect(parseLastRead('{"path":"/1/1/1/","label":"ok"}')).toEqual({ path: '/1/1/1', label: 'ok' });
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(() => rememberLastRead({ path: '/1/1/1', label: 'x' }, broken)).not.toThrow();
    expect(lastRead(broken)).toBeNull();
    const storage = memoryStorage();
    storage.items.set(LAST_READ_KEY, '[1]');
    expect(lastRead(storage)).toBeNull();
  });

  it('names the section from the contents, or not at all when it is not there', () => {
    const contents = {
      books: [
        { book: 1, name: 'The Kindling', cantos: [{ canto: 1, name: 'Dusk', sections: [{ SectionNumber: 2, srn: 'II', SectionName: "The Keeper's House" }] }] },
      ],
    };
    expect(sectionLabel(contents, { book: 1, canto: 1, section: 2, edition: 'first' })).toBe("The Kindling · Dusk · The Keeper's House");
    expect(sectionLabel(contents, { book: 1, canto: 1, section: 3, edition: 'first' })).toBeNull();
    expect(sectionLabel(contents, { book: 2, canto: 1, section: 2, edition: 'first' })).toBeNull();
  });
});
