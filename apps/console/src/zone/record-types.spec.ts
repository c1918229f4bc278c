import { RECORDSET_TYPES } from '@zonewarden/domain';
import { RECORD_TYPES, TYPE_NAMES, joinRecord, quoteText, splitRecord } from './record-types';

describe('the record forms', () => {
  it('have a form for each type the API takes (the SOA is the service’s own)', () => {
    expect([...TYPE_NAMES].sort()).toEqual(RECORDSET_TYPES.filter((type) => type !== 'SOA').sort());
  });

  it('quote text as DNS strings of at most 255 characters, escaping quotes and backslashes', () => {
    expect(quoteText('v=spf1 -all')).toBe('"v=spf1 -all"');
    expect(quoteText('say "hi" \\o/')).toBe('"say \\"hi\\" \\\\o/"');
    expect(quoteText('')).toBe('""');
    const long = 'a'.repeat(300);
    expect(quoteText(long)).toBe(`"${'a'.repeat(255)}" "${'a'.repeat(45)}"`);
  });

  it.each([
    ['A', '192.0.2.1', ['192.0.2.1']],
    ['MX', '10 mail.example.org.', ['10', 'mail.example.org.']],
    ['SRV', '10 60 5060 sip.example.org.', ['10', '60', '5060', 'sip.example.org.']],
    ['CAA', '0 issue "letsencrypt.org"', ['0', 'issue', 'letsencrypt.org']],
    ['TXT', '"v=DKIM1; k=rsa; " "p=abc"', ['v=DKIM1; k=rsa; p=abc']],
    ['TXT', '"a \\"quoted\\" \\\\ word"', ['a "quoted" \\ word']],
    ['HTTPS', '1 . alpn="h2,h3" port=443', ['1', '.', 'alpn="h2,h3" port=443']],
    [
      'NAPTR',
      '100 10 "S" "SIP+D2U" "" _sip._udp.example.org.',
      ['100', '10', 'S', 'SIP+D2U', '', '_sip._udp.example.org.'],
    ],
    ['DS', '12345 13 2 ABCDEF 0123', ['12345', '13', '2', 'ABCDEF 0123']],
  ])('split a %s record into its fields: %s', (type, data, fields) => {
    expect(splitRecord(type, data)).toEqual(fields);
  });

  it('join the fields back into the record (TXT as one value, split at 255)', () => {
    expect(joinRecord('MX', ['10', ' mail.example.org. '])).toBe('10 mail.example.org.');
    expect(joinRecord('CAA', ['0', 'issue', 'letsencrypt.org'])).toBe('0 issue "letsencrypt.org"');
    expect(joinRecord('TXT', ['x'.repeat(256)])).toBe(`"${'x'.repeat(255)}" "x"`);
    expect(joinRecord('NAPTR', ['100', '10', 'S', 'SIP+D2U', '', '_sip._udp.example.org.'])).toBe(
      '100 10 "S" "SIP+D2U" "" _sip._udp.example.org.',
    );
  });

  it('read a record back into the same fields it was written from, for every type', () => {
    for (const type of TYPE_NAMES) {
      const fields = RECORD_TYPES[type].map((field, i) => (field.kind === 'int' ? String(i + 1) : `v${i}`));
      expect(splitRecord(type, joinRecord(type, fields))).toEqual(fields);
    }
  });
});
