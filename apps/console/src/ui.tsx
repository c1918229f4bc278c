import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api';

/**
 * The console's small building blocks. Every user-supplied string goes through JSX text or attributes,
 * which Preact sets as text: nothing here writes HTML.
 */

/** A failure as the API told it: its message and, to quote to an operator, its request id. */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : null;
  return (
    <div class="error" role="alert">
      <p>{apiError ? apiError.message : String((error as Error).message ?? error)}</p>
      {apiError?.requestId && (
        <p class="request-id">
          Request id: <code>{apiError.requestId}</code>
        </p>
      )}
    </div>
  );
}

let fieldIds = 0;
/** A stable id for a label's control. */
export function useId(prefix: string): string {
  const id = useRef<string | null>(null);
  if (!id.current) id.current = `${prefix}-${++fieldIds}`;
  return id.current;
}

interface FieldProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'password' | 'email' | 'number';
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email';
}

/** A labelled input; the API's message for it, when it refused the value, right below. */
export function Field(props: FieldProps) {
  const id = useId('field');
  const described = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ');
  const common = {
    id,
    name: props.name,
    value: props.value,
    required: props.required,
    placeholder: props.placeholder,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described || undefined,
    onInput: (event: Event) => props.onValue((event.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={props.rows ?? 4} spellcheck={false} />
      ) : (
        <input
          {...common}
          type={(props.type ?? 'text') as 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
        />
      )}
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <small id={`${id}-error`} class="field-error">
          {props.error}
        </small>
      )}
    </div>
  );
}

interface SelectProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: (string | [string, string])[];
  name?: string;
}

export function Select({ label, value, onValue, options, name }: SelectProps) {
  const id = useId('select');
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}
      >
        {options.map((option) => {
          const [optionValue, text] = Array.isArray(option) ? option : [option, option];
          return (
            <option key={optionValue} value={optionValue}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** What an asynchronous load gives: the data, its failure, and a way to load again. */
export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads `load()` now and whenever `deps` change; a later answer replaces an earlier one, never the reverse. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const generation = useRef(0);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    setState((before) => ({ ...before, loading: true }));
    load().then(
      (data) => mine === generation.current && setState({ data, loading: false }),
      (error) => mine === generation.current && setState((before) => ({ ...before, error, loading: false })),
    );
  }, deps);
  useEffect(reload, [reload]);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/** Runs an action once at a time, keeping its failure to show. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (...args: A): Promise<R | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action(...args);
    } catch (failure) {
      setError(failure);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  /** The API's message for one field of the body it refused, if any (shown at that field). */
  const problem = (field: string) => (error instanceof ApiError ? error.fieldMessage(field) : undefined);
  return { run, busy, error, setError, problem };
}

/** A form's submit handler: no page load, `run` instead. */
export const onSubmit = (run: () => unknown) => (event: Event) => {
  event.preventDefault();
  void run();
};

/** Calls `tick` every `ms` while `active`. */
export function useInterval(tick: () => void, ms: number, active: boolean): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms, active]);
}

/** A button that asks before it acts: the second click (on "Yes, …") does it, Escape or "Cancel" does not. */
export function ConfirmButton({
  label,
  confirm,
  onConfirm,
  busy,
}: {
  label: string;
  confirm: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)} disabled={busy}>
        {label}
      </button>
    );
  return (
    <span
      class="confirm"
      role="group"
      aria-label={confirm}
      onKeyDown={(event) => event.key === 'Escape' && setAsking(false)}
    >
      <span>{confirm}</span>
      <button
        type="button"
        class="danger"
        ref={yes}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/** A value to copy (a DS record, a key shown once): selectable text and a Copy button. */
export function CopyText({ label, value }: { label: string; value: string }) {
  const id = useId('copy');
  const [copied, setCopied] = useState(false);
  return (
    <div class="copy">
      <label for={id}>{label}</label>
      <div class="copy-row">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
        />
        <button
          type="button"
          onClick={() =>
            navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

export function Status({ status, action }: { status: string; action?: string }) {
  const pending = action && action !== 'NONE';
  return (
    <span class={`status status-${status.toLowerCase()}`}>
      {status}
      {pending ? ` · ${action}` : ''}
    </span>
  );
}

export function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="panel">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
