import { DomainError } from '../domain-error';
import { MAX_RECORD_BYTES, canonicalRecords } from './recordset-rules';

/** The messages of a refused record set. */
function problems(type: string, records: string[]): string[] {
  try {
    canonicalRecords(type, records);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return (error.details as { errors: { message: string }[] }).errors.map((e) => e.message);
  }
  return [];
}

describe('canonicalRecords: text records as the API takes them', () => {
  it('refuses unquoted blanks, offering the record meant as a JSON string', () => {
    expect(problems('TXT', ['v=spf1 mx -all'])).toEqual([
      `'v=spf1 mx -all' is not a 'TXT' Record: Empty spaces are not allowed in TXT record, unless wrapped in double quotes. Did you mean "\\"v=spf1 mx -all\\""?`,
    ]);
  });

  it('offers nothing longer than a record may be, and keeps Designate’s longest message whole', () => {
    const [long] = problems('TXT', [`${'word '.repeat(MAX_RECORD_BYTES / 4)}end`]);
    expect(long).toMatch(/unless wrapped in double quotes\.$/);
    const [split] = problems('SPF', ['x'.repeat(300)]);
    expect(split).toContain(
      'SPF record strings over 255 characters have to be split into multiple strings wrapped in double quotes. Did you mean',
    );
  });

  it('stores what it takes canonically', () => {
    expect(canonicalRecords('TXT', ['"a" "b"', 'v=spf1', '"a"  "b"'])).toEqual(['"a" "b"', '"v=spf1"']);
  });
});
