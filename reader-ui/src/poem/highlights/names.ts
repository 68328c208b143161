import type { HighlightColour, HighlightStyle } from '@epos/schemas/study/vocabulary';

/** Each colour and style by name: a highlight is told by words as well as by colour. */
export const colourNames: Readonly<Record<HighlightColour, string>> = { yellow: 'Yellow', green: 'Green', blue: 'Blue', pink: 'Pink', purple: 'Purple' };
export const styleNames: Readonly<Record<HighlightStyle, string>> = { fill: 'Fill', underline: 'Underline', wavy: 'Wavy underline' };
