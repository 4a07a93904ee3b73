// Markdown from the language model (or a person) shown as formatted text: parsed by marked with
// any raw HTML in it turned into text, then passed through DOMPurify before it reaches the page.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({ async: false, gfm: true, breaks: false });
// Task-list boxes become a named symbol: a bare, unlabelled check box is no form control to use.
const box = (checked: boolean) => `<span class="task" role="img" aria-label="${checked ? 'done' : 'to do'}">${checked ? '☑' : '☐'}</span> `;
/** The text sits in a card under the page's h1 and the card's h2: its headings (## as a rule) start at h3. */
const FIRST_LEVEL = 3;
marked.use({
  renderer: {
    html: ({ text }) => escape(text),
    checkbox: ({ checked }) => box(checked),
    heading({ tokens, depth }) {
      const level = Math.min(6, Math.max(FIRST_LEVEL, depth + 1));
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

/** The text as safe HTML; a first heading that only repeats the card's title ("## Summary" under "Summary") is left out. */
function toSafeHtml(markdown: string, title?: string): string {
  const tokens = marked.lexer(markdown);
  const first = tokens.find((t) => t.type !== 'space');
  if (title && first?.type === 'heading' && first.text.trim().toLocaleLowerCase('en') === title.toLocaleLowerCase('en')) tokens.splice(tokens.indexOf(first), 1);
  return DOMPurify.sanitize(marked.parser(tokens), { USE_PROFILES: { html: true } });
}

export function Markdown({ text, label, title }: { text: string; label: string; title?: string }) {
  return <div class="markdown" aria-label={label} role="region" dangerouslySetInnerHTML={{ __html: toSafeHtml(text, title) }} />;
}
