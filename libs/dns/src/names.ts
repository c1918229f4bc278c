/**
 * Zone and host names in presentation form, as the API takes them: absolute (trailing dot),
 * at most 255 characters, labels of 1..63 letters, digits, `_` or `-`, not starting or ending with `-`.
 */
const LABEL = /^(?!-)[A-Za-z0-9_-]{1,63}(?<!-)$/;
/** The longest name in presentation form, its final dot included (also the limits' name lengths). */
export const MAX_NAME_LENGTH = 255;

export type NameProblem =
  'empty' | 'no_trailing_dot' | 'too_long' | 'empty_label' | 'label_too_long' | 'bad_label' | 'single_label';

export function checkZoneName(name: string): NameProblem | null {
  if (name.length === 0) return 'empty';
  if (!name.endsWith('.')) return 'no_trailing_dot';
  if (name.length > MAX_NAME_LENGTH) return 'too_long';
  const labels = name.slice(0, -1).split('.');
  for (const label of labels) {
    if (label.length === 0) return 'empty_label';
    if (label.length > 63) return 'label_too_long';
    if (!LABEL.test(label)) return 'bad_label';
  }
  return labels.length < 2 ? 'single_label' : null;
}

export function describeNameProblem(name: string, problem: NameProblem): string {
  switch (problem) {
    case 'empty':
      return 'Domain name must not be empty';
    case 'no_trailing_dot':
      return `Domain ${name} does not end with a dot`;
    case 'too_long':
      return 'Name too long';
    case 'empty_label':
      return `Domain ${name} is invalid`;
    case 'label_too_long':
      return `Domain ${name} has a label longer than 63 characters`;
    case 'bad_label':
      return `Domain ${name} is invalid: labels are letters, digits, '_' and '-', not starting or ending with '-'`;
    case 'single_label':
      return 'More than one label is required';
  }
}

/** DNS names compare case-insensitively; the service stores and compares them in lower case. */
export function canonicalName(name: string): string {
  return name.toLowerCase();
}

/** `name` as the service keeps names: lower case and absolute (the final dot may have been left out). */
export function canonicalAbsoluteName(name: string): string {
  return canonicalName(name.endsWith('.') ? name : `${name}.`);
}

/** The proper ancestors of an absolute name, nearest first: `a.b.c.` → [`b.c.`, `c.`]. */
export function ancestorNames(name: string): string[] {
  const labels = name.slice(0, -1).split('.');
  return labels.slice(1).map((_, i) => `${labels.slice(i + 1).join('.')}.`);
}

/** An email is valid when it has exactly one `@` and reads as a zone name once `@` is a dot. */
export function isValidEmail(email: string): boolean {
  if (email.length > 255 || email.split('@').length !== 2) return false;
  const asName = `${email.replace('@', '.')}.`;
  const problem = checkZoneName(asName);
  return problem === null || problem === 'single_label';
}

/** The SOA RNAME of an email: dots of the local part escaped, `@` becomes a dot (RFC 1035 §8). */
export function emailToRname(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.replace(/\./g, '\\.')}.${domain}.`;
}

/**
 * The names from a record set's name up to (not including) its zone's: where a child zone would take the
 * record set away from the zone. `www.a.example.com.` in `example.com.` → [`www.a.example.com.`, `a.example.com.`].
 */
export function namesBetween(zoneName: string, name: string): string[] {
  if (name === zoneName) return [];
  const between = [name];
  for (
    let rest = name.slice(name.indexOf('.') + 1);
    rest !== zoneName && rest.endsWith(`.${zoneName}`);
    rest = rest.slice(rest.indexOf('.') + 1)
  )
    between.push(rest);
  return between;
}
