// Markdown from the language model (or a person) shown as formatted text: parsed by marked with
// any raw HTML in it turned into text, then passed through DOMPurify before it reaches the page.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({ async: false, gfm: true, breaks: false });
// Task-list boxes become a named symbol: a bare, unlabelled check box is no form control to use.
const box = (checked: boolean) => `<span class="task" role="img" aria-label="${checked ? 'done' : 'to do'}">${checked ? '☑' : '☐'}</span> `;
marked.use({ renderer: { html: ({ text }) => escape(text), checkbox: ({ checked }) => box(checked) } });

function toSafeHtml(markdown: string): string {
  return DOMPurify.sanitize(marked.parse(markdown) as string, { USE_PROFILES: { html: true } });
}

export function Markdown({ text, label }: { text: string; label: string }) {
  return <div class="markdown" aria-label={label} role="region" dangerouslySetInnerHTML={{ __html: toSafeHtml(text) }} />;
}
