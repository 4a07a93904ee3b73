// What every text field of the API must be: well-formed Unicode (no lone surrogates) and free
// of control characters. Multi-line texts (notes, summaries, prompts) keep TAB, LF and CR;
// one-line texts (titles, names, participants, file names) refuse those too, because they end
// up inside headers, iCalendar lines and file names, and refuse the bidirectional embeddings,
// overrides and isolates, which make a name read as another ("report\u202Efdp.exe" shows as
// "reportexe.pdf"). The marks (LRM, RLM, ALM) stay: right-to-left names need them.

/** In Unicode mode a surrogate pair is one code point, so this matches lone surrogates only. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
/** C0 controls but TAB, LF and CR; DEL; C1 controls. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Every control character, and the Unicode line and paragraph separators. */
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** LRE, RLE, PDF, LRO, RLO, and LRI, RLI, FSI, PDI. */
const BIDI_EMBEDDING = /[\u202a-\u202e\u2066-\u2069]/;

const ILL_FORMED = 'must be well-formed Unicode (no lone surrogates)';
const CONTROL_CHARACTER = 'must not contain control characters';
const NOT_ONE_LINE = 'must be one line without control characters';
const BIDI = 'must not contain bidirectional embedding, override or isolate characters';

/** Why this text is refused anywhere in a request, or undefined when it is fine. */
export function textProblem(value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) return ILL_FORMED;
  if (CONTROL.test(value)) return CONTROL_CHARACTER;
  return undefined;
}

/** Why this text is refused as a one-line field (title, name, participants, file name). */
export function lineProblem(value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) return ILL_FORMED;
  if (LINE_BREAK_OR_CONTROL.test(value)) return NOT_ONE_LINE;
  if (BIDI_EMBEDDING.test(value)) return BIDI;
  return undefined;
}

export interface TextIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * Every string (keys included) inside a parsed JSON value or a query, with its problem. It
 * walks with a stack of its own: JSON nested 100,000 deep must not overflow the call stack.
 */
export function textIssues(root: unknown, limit = 20): TextIssue[] {
  const issues: TextIssue[] = [];
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0 && issues.length < limit) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) issues.push({ path, message: problem });
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const here = path ? `${path}.${k}` : k;
        const keyProblem = textProblem(k);
        if (keyProblem) issues.push({ path: here, message: `name ${keyProblem}` });
        pending.push([v, here]);
      }
    }
  }
  return issues;
}

/** The text with every lone surrogate replaced by U+FFFD, so it can always be encoded. */
export function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udfff]/gu, '\ufffd');
}

export const NOT_UTF8 = 'must be well-formed UTF-8';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as text, or undefined when they are not well-formed UTF-8 (a lossy decode would store U+FFFD in their place). */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The bytes a query component stands for: `+` is a space, `%XX` a byte, a `%` not followed by two hex digits itself. */
function queryBytes(component: string): Buffer {
  const spaced = component.replace(/\+/g, ' ');
  const parts = spaced.split(/(%[0-9a-fA-F]{2})/);
  return Buffer.concat(parts.map((part) => (/^%[0-9a-fA-F]{2}$/.test(part) ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part, 'utf8'))));
}

/**
 * The parameters of a raw query string whose name or value is not percent-encoded UTF-8. A
 * gateway decodes such bytes to U+FFFD, which no check of the decoded value can tell apart.
 */
export function rawQueryIssues(rawQuery: string, limit = 20): TextIssue[] {
  const issues: TextIssue[] = [];
  for (const pair of rawQuery.split('&')) {
    if (issues.length >= limit) break;
    const cut = pair.indexOf('=');
    const [name, value] = cut < 0 ? [pair, ''] : [pair.slice(0, cut), pair.slice(cut + 1)];
    const decodedName = utf8Text(queryBytes(name));
    if (decodedName === undefined) issues.push({ path: 'query', message: `parameter name ${NOT_UTF8}` });
    else if (utf8Text(queryBytes(value)) === undefined) issues.push({ path: decodedName, message: NOT_UTF8 });
  }
  return issues;
}
