/**
 * At most this many characters of a client's value go into an error message: a 1 MB name must not
 * make a 2 MB answer (or log line).
 */
export const MAX_QUOTED_CHARS = 100;

/** `text` cut to MAX_QUOTED_CHARS characters, with an ellipsis when something was cut. */
export function excerpt(text: string): string {
  // Code points, so that a cut never splits a surrogate pair; 100 of them fit in 200 UTF-16 units.
  const head = Array.from(text.slice(0, 2 * MAX_QUOTED_CHARS))
    .slice(0, MAX_QUOTED_CHARS)
    .join('');
  return head.length < text.length ? `${head}…` : text;
}

/** A client's value as messages show it: in single quotes (Python's repr, as Designate writes it), cut. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return `'${excerpt(text)}'`;
}
