export function NotFound() {
  return (
    <main id="main" class="narrow">
      <h1>Page not found</h1>
      <p>
        <a href="/">Back to your recordings</a>
      </p>
    </main>
  );
}
