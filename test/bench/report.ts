// Renders benchmark rows as one Markdown table.
import type { Row } from './lib/types.ts';

const HEADER = ['benchmark', 'measured', 'goal', 'mark', 'note'] as const;

function mark(row: Row): string {
  if (row.pass === undefined) return '';
  return row.pass ? '✅' : '❌';
}

/** Pipes would end a cell early; newlines would end the row. */
function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function renderTable(rows: readonly Row[]): string {
  const lines = [`| ${HEADER.join(' | ')} |`, `| ${HEADER.map((h) => (h === 'mark' ? ':-:' : '---')).join(' | ')} |`];
  for (const row of rows) {
    lines.push(`| ${[row.benchmark, row.measured, row.goal ?? '', mark(row), row.note ?? ''].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

export function failedGoals(rows: readonly Row[]): Row[] {
  return rows.filter((row) => row.pass === false);
}
