/**
 * CAA property values (RFC 8659), checked per tag. A record is written `<flags> <tag> "<value>"`; the
 * value is the bytes of the quoted string.
 *
 * Known tags (IANA's "Certification Authority Restriction Properties" registry): `issue`, `issuewild`
 * (RFC 8659 §4.2–4.3), `issuemail` (RFC 9495) and `issuevmc` (the BIMI group's, same grammar as `issue`),
 * `iodef` (§4.4, a `mailto:`, `http:` or `https:` URL), `contactemail` and `contactphone` (CA/Browser
 * Forum Baseline Requirements §3.2.2.4.13–14). Tags match without regard to case (§4.1).
 *
 * An unknown tag is refused with flags 0: no CA acts on it, so it is most likely a mistyped tag
 * (`issuer`), as Designate refuses it. With the issuer critical flag (128) it is accepted: §4.1 gives
 * such a property a meaning — a CA that does not know it must not issue — so it is the way to stop CAs
 * that do not understand a new property. Flags are 0 or 128: the other bits are reserved (§4.1).
 */
export const ISSUER_CRITICAL = 128;

/** Why a value is not valid for its tag, or undefined when it is. */
type ValueCheck = (value: string) => string | undefined;

/** RFC 8659 §4.2: `label = (ALPHA / DIGIT) *( *("-") (ALPHA / DIGIT))`; parameter tags have the same shape. */
const LABEL = /^[A-Za-z0-9](?:-*[A-Za-z0-9])*$/;
/** §4.2: `value = *(%x21-3A / %x3C-7E)` — visible ASCII but `;`. */
const PARAMETER_VALUE = /^[\x21-\x3a\x3c-\x7e]*$/;
const WSP = /^[ \t]+|[ \t]+$/g;

function domainProblem(domain: string): string | undefined {
  const labels = domain.split('.');
  const tooLong = labels.find((label) => label.length > 63);
  if (tooLong) return `Host ${tooLong} is too long`;
  if (domain.length > 253 || !labels.every((label) => LABEL.test(label)))
    return `Domain ${domain} is invalid`;
  return undefined;
}

/** `issue`, `issuewild` and their kin: `[issuer-domain-name] [; tag=value [; tag=value …]]` (§4.2). */
const issuerValue: ValueCheck = (value) => {
  const [issuer, ...parameters] = value.split(';');
  const domain = issuer.replace(WSP, '');
  // An empty issuer (`""`, `";"`) is allowed: no CA may issue.
  const problem = domain === '' ? undefined : domainProblem(domain);
  if (problem) return problem;
  // `ca.example;` (no parameters after the `;`) is allowed; an empty one between two `;` is not.
  const listed = parameters.length === 1 && parameters[0].replace(WSP, '') === '' ? [] : parameters;
  for (const parameter of listed) {
    const [tag, ...rest] = parameter.split('=');
    const parameterValue = rest.join('=').replace(WSP, '');
    if (!rest.length || !LABEL.test(tag.replace(WSP, '')) || !PARAMETER_VALUE.test(parameterValue))
      return `${parameter.replace(WSP, '') || 'an empty parameter'} is not a valid key-value pair`;
  }
  return undefined;
};

const ADDRESS = /^[^\s@]+@([^\s@]+)$/;

function mailAddressProblem(address: string, shown: string): string | undefined {
  const at = ADDRESS.exec(address);
  return at ? domainProblem(at[1]) : `${shown} is not a valid email address`;
}

/** §4.4: where CAs report a refused request — an email address or a web service. */
const iodefValue: ValueCheck = (value) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not a valid URL`;
  }
  if (url.protocol === 'mailto:') return mailAddressProblem(decodeURIComponent(url.pathname), value);
  if (url.protocol === 'http:' || url.protocol === 'https:')
    return url.hostname ? undefined : `${value} is not a valid URL`;
  return `${value} is not a mailto:, http: or https: URL`;
};

/** RFC 3966 global number: `+` and digits, with the visual separators `-`, `.`, `(`, `)`. */
const PHONE = /^\+[0-9](?:[0-9().-]*[0-9])?$/;

const VALUE_CHECKS: Record<string, ValueCheck> = {
  issue: issuerValue,
  issuewild: issuerValue,
  issuemail: issuerValue,
  issuevmc: issuerValue,
  iodef: iodefValue,
  contactemail: (value) => mailAddressProblem(value, value),
  contactphone: (value) => (PHONE.test(value) ? undefined : `${value} is not a phone number (+ and digits)`),
};

export const CAA_TAGS = Object.keys(VALUE_CHECKS);

/** What is wrong with a CAA record's flags, tag and value (the value's bytes as text), or undefined. */
export function caaProblem(flags: number, tag: string, value: Buffer): string | undefined {
  if (flags !== 0 && flags !== ISSUER_CRITICAL)
    return `CAA flags must be 0 or ${ISSUER_CRITICAL} (the issuer critical flag; the other bits are reserved)`;
  if (!/^[A-Za-z0-9]{1,15}$/.test(tag)) return `'${tag}' is not a CAA tag`;
  const check = VALUE_CHECKS[tag.toLowerCase()];
  if (!check)
    return flags === ISSUER_CRITICAL
      ? undefined
      : `Property tag ${tag} must be one of ${CAA_TAGS.join(', ')} (an unknown tag only with flags ${ISSUER_CRITICAL})`;
  const text = value.toString('latin1');
  if (!/^[\x20-\x7e]*$/.test(text)) return `the ${tag} value must be printable ASCII`;
  return check(text);
}
