import { PageHeading } from '../components/page-heading.tsx';

/**
 * Signed in it is the content of the layout's main landmark; signed out (`standalone`) it is
 * the page's own, so a page never has two.
 */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const body = (
    <>
      <PageHeading text="Page not found" />
      <p>
        <a href="/">Back to your recordings</a>
      </p>
    </>
  );
  return standalone ? <main id="main" class="narrow">{body}</main> : <div class="narrow">{body}</div>;
}
