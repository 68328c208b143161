import type { StateCore, Token } from 'markdown-it';
import { SENTENCE_LINK_CLASS, sentenceHref, sentenceLinkText, sentenceReferences } from '@epos/schemas/poem/sentence-references';

const HTML_OPEN = /^<(?:a|code)[\s>]/i;
const HTML_CLOSE = /^<\/(?:a|code)\s*>/i;

/**
 * Core rule: `||12||` in text becomes `<a class="sentence-link" href="/12">12</a>` (the one
 * renderer's form, `@epos/schemas/poem/sentence-references`). Runs after `text_join`, so escaped
 * pipes (needed inside table cells) still count; code spans and fences are separate token types
 * and are never touched.
 */
export function sentenceLinks(state: StateCore): void {
  for (const block of state.tokens) {
    if (block.type === 'inline' && block.children) block.children = linkChildren(block.children, state);
  }
}

function linkChildren(children: Token[], state: StateCore): Token[] {
  const out: Token[] = [];
  let nested = 0;
  for (const token of children) {
    if (token.type === 'link_open') nested++;
    else if (token.type === 'link_close') nested--;
    else if (token.type === 'html_inline' && HTML_OPEN.test(token.content)) nested++;
    else if (token.type === 'html_inline' && HTML_CLOSE.test(token.content)) nested = Math.max(0, nested - 1);

    if (token.type === 'text' && nested === 0 && token.content.includes('||')) out.push(...split(token, state));
    else out.push(token);
  }
  return out;
}

function split(token: Token, state: StateCore): Token[] {
  const parts = sentenceReferences(token.content);
  if (!parts.some((part) => part.kind === 'sentence')) return [token];
  return parts.flatMap((part) => {
    if (part.kind === 'text') return [textToken(state, part.text, token.level)];
    const open = new state.Token('link_open', 'a', 1);
    open.attrs = [
      ['class', SENTENCE_LINK_CLASS],
      ['href', sentenceHref(part.n)],
    ];
    open.markup = 'sentence';
    open.level = token.level;
    const close = new state.Token('link_close', 'a', -1);
    close.markup = 'sentence';
    close.level = token.level;
    return [open, textToken(state, sentenceLinkText(part.n), token.level + 1), close];
  });
}

function textToken(state: StateCore, content: string, level: number): Token {
  const token = new state.Token('text', '', 0);
  token.content = content;
  token.level = level;
  return token;
}
