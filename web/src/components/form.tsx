// Form pieces with visible labels, so every control has its accessible name.
import type { ComponentChildren, TargetedEvent } from 'preact';
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../api/client.ts';

type On<T extends EventTarget> = (event: TargetedEvent<T, Event>) => void;

interface Common<T extends EventTarget> {
  label: string;
  name?: string;
  value?: string | number;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  maxLength?: number;
  minLength?: number;
  placeholder?: string;
  autoComplete?: string;
  onInput?: On<T>;
  onFocus?: On<T>;
}

type InputProps = Common<HTMLInputElement> & { hint?: string; type?: 'text' | 'email' | 'password' | 'url' | 'search' | 'date' | 'number' | 'datetime-local'; min?: number; max?: number; list?: string };
type CheckProps = Omit<Common<HTMLInputElement>, 'value'> & { checked?: boolean; onChange?: On<HTMLInputElement> };

export function Field({ label, hint, ...input }: InputProps) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {/* The props are a plain subset of an input's; preact types each input type apart. */}
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...(input as Record<string, unknown>)} />
      <Hint id={id} text={hint} />
    </div>
  );
}

/** The hint under a control, which the control names with aria-describedby="<id>-hint". */
function Hint({ id, text }: { id: string; text?: string }) {
  return text ? (
    <small id={`${id}-hint`} class="hint">
      {text}
    </small>
  ) : null;
}

export function TextArea({ label, hint, ...area }: Common<HTMLTextAreaElement> & { rows?: number; hint?: string; onKeyDown?: (event: KeyboardEvent) => void }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...area} />
      <Hint id={id} text={hint} />
    </div>
  );
}

export function Select({ label, options, ...select }: Omit<Common<HTMLSelectElement>, 'maxLength' | 'minLength' | 'placeholder'> & { options: readonly (readonly [string, string])[] }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} {...select}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Check({ label, ...input }: CheckProps) {
  const id = useId();
  return (
    <div class="check">
      <input id={id} type="checkbox" {...input} />
      <label for={id}>{breakable(label)}</label>
    </div>
  );
}

/** A dotted name ("recording.transcription.completed") may break after its dots on a narrow screen. */
function breakable(label: string): ComponentChildren {
  return label.split(/(?<=\.)(?=\w)/).flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]));
}

export function Alert({ message, kind = 'error' }: { message: string | null; kind?: 'error' | 'info' }) {
  if (!message) return null;
  return (
    <p class={`alert ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}

/** Runs an async action for a form: busy flag, error text, and a success callback. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}

/** A load for `run` whose failure names what could not be loaded ("The groups could not be loaded: …"). */
export const loadingOf = (what: string, load: () => Promise<void>) => () =>
  load().catch((failure: unknown) => {
    throw new Error(`${what} could not be loaded: ${describeError(failure)}`);
  });

export function Section({ title, children, id }: { title: string; children: ComponentChildren; id?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id={id} class="card">
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** An instant on the browser's clock, written as the recordings' dates are ("Nov 30, 2026, 8:30 AM"): the month named, never 11/30 against 30/11. */
const onBrowserClock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const when = (iso: string | null | undefined) => (iso ? onBrowserClock.format(new Date(iso)) : '—');

/**
 * Asks before something that cannot be undone. It takes the focus when it opens (on the answer
 * that keeps things as they are) and gives it back to what opened it when it closes; Escape
 * answers no. The focus moves in a layout effect, in the same task as the render: with a plain
 * effect the dialog is on screen for a frame while the focus is still on the opener, and a key
 * pressed then lands on the wrong button.
 */
export function Confirm({ question, yes, no, busy, onYes, onNo }: { question: string; yes: string; no: string; busy: boolean; onYes: () => void; onNo: () => void }) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const opener = document.activeElement;
    keep.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onNo();
  };
  return (
    <div role="alertdialog" aria-labelledby={id} class="confirm" onKeyDown={onKeyDown}>
      <p id={id}>{question}</p>
      <button type="button" class="danger" disabled={busy} onClick={onYes}>
        {yes}
      </button>
      <button type="button" class="secondary" ref={keep} onClick={onNo}>
        {no}
      </button>
    </div>
  );
}
