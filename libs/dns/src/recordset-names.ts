/**
 * Record set names as Designate takes them (its RE_HOSTNAME): absolute, at most 255 characters, labels of
 * letters, digits, `_` and `-` (not starting or ending with `-`), `*` only as the whole first label.
 * Shared by the API and zonefile imports, so both accept the same names.
 */
const HOSTNAME = /^(?!.{256,})(?:(?:^\*|(?!-)[A-Za-z0-9_-]{1,63}(?<!-))\.)+$/;

export function isRecordSetName(name: string): boolean {
  return HOSTNAME.test(name);
}

export type TypeNameRule = 'ns_wildcard' | 'srv' | 'tlsa';

export const TYPE_NAME_RULES: Record<TypeNameRule, string> = {
  ns_wildcard: 'NS record sets may not be wildcards',
  srv: 'SRV record set names must start with _service._protocol.',
  tlsa: 'TLSA record set names must start with _<port>._<protocol>.',
};

/** The naming rule of its type that a record set's name breaks, if any. */
export function brokenTypeNameRule(name: string, type: string): TypeNameRule | null {
  const labels = name.split('.');
  if (type === 'NS' && labels[0] === '*') return 'ns_wildcard';
  if (type === 'SRV' && !(labels[0]?.startsWith('_') && labels[1]?.startsWith('_'))) return 'srv';
  if (type === 'TLSA') {
    const port = /^_(\d{1,5})$/.exec(labels[0] ?? '');
    if (!port || Number(port[1]) > 65535 || !labels[1]?.startsWith('_')) return 'tlsa';
  }
  return null;
}
