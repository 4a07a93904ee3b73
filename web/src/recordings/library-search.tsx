// The recordings page's box for what was said: it opens the search page, whose results are
// grouped by recording and open each at its moment.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { Field } from '../components/form.tsx';

export function LibrarySearch() {
  const { route } = useLocation();
  const [words, setWords] = useState('');
  return (
    <form
      role="search"
      aria-label="What was said"
      class="inline"
      onSubmit={(e) => {
        e.preventDefault();
        if (words.trim()) route(`/search?q=${encodeURIComponent(words.trim())}`);
      }}
    >
      <Field label="Search what was said" type="search" value={words} maxLength={500} onInput={(e) => setWords(e.currentTarget.value)} />
      <button type="submit" disabled={!words.trim()}>
        Search transcripts
      </button>
    </form>
  );
}
