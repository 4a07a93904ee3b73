// A table with a caption for screen readers, column headers, and an unlabelled-looking (but
// named) actions column; it scrolls inside its frame on narrow screens. While it does, the frame
// is a named region in the tab order, so its hidden columns can be scrolled to from the keyboard
// (WCAG 2.1.1; axe's scrollable-region-focusable); when everything fits it adds no tab stop.
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Whether the element's content is wider than the element, kept up to date as either changes size. */
function useOverflows<T extends HTMLElement>(): [{ current: T | null }, boolean] {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  const measure = () => {
    const element = ref.current;
    if (element) setOverflows(element.scrollWidth > element.clientWidth);
  };
  // After every render, in the same task: rows just rendered can widen the table before a
  // ResizeObserver callback runs (at the next frame), and a check in between (axe in a
  // clean-clone CI run) saw a scrolling frame without its tab stop. The observer follows
  // resizes that come without a render (the window, fonts).
  useLayoutEffect(measure);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows];
}

export function DataTable({ caption, columns, actions = false, children }: { caption: string; columns: readonly string[]; actions?: boolean; children: ComponentChildren }) {
  const [frame, scrolls] = useOverflows<HTMLDivElement>();
  return (
    <div class="table-wrap" ref={frame} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${caption} (scrolls sideways)` } : {})}>
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
