// Markdown (a summary from a language model or the embedded summariser) as the plain text a
// reader sees: marked's lexer parses it, and the text of each block is kept without its marks
// (`**`, `_`, `#`, list bullets, link targets), one line per paragraph, list item, quote line or
// table row; headings and asides are the frame and left out. Search indexes this text, so a hit
// shows and highlights what was written, not its markup.
import { Lexer, type Token, type Tokens } from 'marked';

/** The text of inline tokens, marks dropped. */
function inline(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) => {
      if (t.type === 'checkbox' || t.type === 'image') return '';
      if (t.type === 'br') return ' ';
      if ('tokens' in t && Array.isArray(t.tokens)) return inline(t.tokens);
      return 'text' in t && typeof t.text === 'string' ? t.text : '';
    })
    .join('');
}

/** One line per block that holds text. */
function lines(tokens: readonly Token[]): string[] {
  return tokens.flatMap((t): string[] => {
    switch (t.type) {
      case 'space':
      case 'hr':
        return [];
      case 'list':
        return (t as Tokens.List).items.flatMap((item) => lines(item.tokens));
      case 'blockquote':
        return lines((t as Tokens.Blockquote).tokens);
      case 'table': {
        const table = t as Tokens.Table;
        return [table.header, ...table.rows].map((row) => row.map((cell) => inline(cell.tokens)).join(' · '));
      }
      case 'code':
      case 'html':
        return (t as Tokens.Code).text.split('\n');
      default:
        return 'tokens' in t && Array.isArray(t.tokens) ? [inline(t.tokens)] : 'text' in t ? [String(t.text)] : [];
    }
  });
}

/** A paragraph written wholly in emphasis (`_00:06 of conversation…_`, `_None found._`). */
function isAside(t: Token): boolean {
  const inner = t.type === 'paragraph' ? (t as Tokens.Paragraph).tokens.filter((c) => !(c.type === 'text' && !c.raw.trim())) : [];
  return inner.length === 1 && inner[0]!.type === 'em';
}

/**
 * What a summary says, without its frame: headings ("Action items") and paragraphs written wholly
 * in emphasis, the notes about the summary itself (the embedded engine's "_Extractive summary by
 * the offline engine…_", "_None found._"), are left out. Every summary has them, so a search for
 * "decisions" or "engine" found the frame of every recording and not what was said.
 */
export function contentText(markdown: string): string {
  return lines(Lexer.lex(markdown, { gfm: true }).filter((t) => t.type !== 'heading' && !isAside(t)))
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
