// A table with a caption for screen readers, column headers, and an unlabelled-looking (but
// named) actions column; it scrolls inside its frame on narrow screens.
import type { ComponentChildren } from 'preact';

export function DataTable({ caption, columns, actions = false, children }: { caption: string; columns: readonly string[]; actions?: boolean; children: ComponentChildren }) {
  return (
    <div class="table-wrap">
      <table>
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span class="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
