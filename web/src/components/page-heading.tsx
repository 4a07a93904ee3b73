// A page's one h1, which also names the browser tab and its history entry ("Tags – Verbatim"),
// so a tab, a bookmark and a screen reader's window list say which page it is.
import { useEffect } from 'preact/hooks';

const APP = 'Verbatim';

/** `tab`: the tab's name when it should differ from the heading ("Sign in" for "Sign in to Verbatim"). */
export function PageHeading({ text, tab = text }: { text: string; tab?: string }) {
  useEffect(() => {
    document.title = `${tab} – ${APP}`;
    return () => void (document.title = APP);
  }, [tab]);
  return <h1>{text}</h1>;
}
