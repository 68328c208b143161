import { describe, expect, it } from 'vitest';
import { scriptLang } from './script-lang.js';

describe('the language a script implies', () => {
  it('reads Devanagari verse as Sanskrit, or as Hindi when told (Rāmāyaṇa I.1.1)', () => {
    const shloka = 'तपःस्वाध्यायनिरतं तपस्वी वाग्विदां वरम् ।\nनारदं परिपप्रच्छ वाल्मीकिर्मुनिपुङ्गवम् ॥१-१-१॥';
    expect(scriptLang(shloka)).toBe('sa');
    expect(scriptLang(shloka, 'hi')).toBe('hi');
  });

  it('reads Odia as Odia, although its dandas are the Devanagari ones (Lakṣmī Purāṇa)', () => {
    expect(scriptLang('ନମସ୍ତେ କମଳା ମାଗୋ ଅତି ଦୟାବତୀ ।')).toBe('or');
  });

  it('reads Han as Chinese, but not Japanese, which mixes it with kana', () => {
    expect(scriptLang('帝高阳之苗裔兮，朕皇考曰伯庸。')).toBe('zh');
    expect(scriptLang('古池や蛙飛び込む水の音')).toBeUndefined();
  });

  it('leaves Latin and other scripts, and text without letters, to the page', () => {
    expect(scriptLang('Midway upon the journey of our life')).toBeUndefined();
    expect(scriptLang('Μῆνιν ἄειδε θεὰ Πηληϊάδεω Ἀχιλῆος')).toBeUndefined();
    expect(scriptLang('1-1-1 ॥ । 42')).toBeUndefined();
    expect(scriptLang('')).toBeUndefined();
  });

  it('goes by the larger part of the letters', () => {
    expect(scriptLang('The word ॐ is sung')).toBeUndefined();
    expect(scriptLang('Book 1: बालकाण्डः')).toBe('sa');
  });
});
