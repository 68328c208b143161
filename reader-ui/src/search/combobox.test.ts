import { describe, expect, it } from 'vitest';
import { comboKey } from './combobox';

describe('the search box keyboard', () => {
  it('opens the list with the arrows, at the first or the last suggestion', () => {
    expect(comboKey('ArrowDown', { open: false, active: -1, count: 3 })).toEqual({ kind: 'state', open: true, active: 0 });
    expect(comboKey('ArrowUp', { open: false, active: -1, count: 3 })).toEqual({ kind: 'state', open: true, active: 2 });
  });

  it('moves through the suggestions, wrapping at both ends', () => {
    expect(comboKey('ArrowDown', { open: true, active: 0, count: 3 })).toMatchObject({ active: 1 });
    expect(comboKey('ArrowDown', { open: true, active: 2, count: 3 })).toMatchObject({ active: 0 });
    expect(comboKey('ArrowUp', { open: true, active: 0, count: 3 })).toMatchObject({ active: 2 });
    expect(comboKey('ArrowUp', { open: true, active: -1, count: 3 })).toMatchObject({ active: 2 });
    expect(comboKey('ArrowDown', { open: true, active: -1, count: 0 })).toMatchObject({ active: -1 });
  });

  it('searches the highlighted suggestion on Enter, else the typed words', () => {
    expect(comboKey('Enter', { open: true, active: 1, count: 3 })).toEqual({ kind: 'choose', index: 1 });
    expect(comboKey('Enter', { open: true, active: -1, count: 3 })).toEqual({ kind: 'choose', index: null });
    expect(comboKey('Enter', { open: false, active: 1, count: 3 })).toEqual({ kind: 'choose', index: null });
    expect(comboKey('Enter', { open: true, active: 5, count: 3 })).toEqual({ kind: 'choose', index: null });
  });

  it('closes the list on Escape, and clears the box when it is already closed', () => {
    expect(comboKey('Escape', { open: true, active: 1, count: 3 })).toEqual({ kind: 'state', open: false, active: -1 });
    expect(comboKey('Escape', { open: false, active: -1, count: 3 })).toEqual({ kind: 'clear' });
  });

  it('leaves other keys to the input', () => {
    expect(comboKey('a', { open: true, active: 0, count: 3 })).toEqual({ kind: 'ignore' });
    expect(comboKey('Home', { open: true, active: 0, count: 3 })).toEqual({ kind: 'ignore' });
  });
});
