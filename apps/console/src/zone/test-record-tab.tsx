import { useState } from 'preact/hooks';
import { api, query } from '../api';
import { ErrorNote, Field, Select, useAction } from '../ui';
import { TYPE_NAMES } from './record-types';
import { zonePath } from './zone-api';

interface TestedRecord {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

interface RecordTest {
  name: string;
  type: string;
  answers: {
    nameserver: { host: string; port: number; roles: string[] };
    rcode: string | null;
    authoritative: boolean | null;
    records: TestedRecord[];
    authority: TestedRecord[];
    over_tcp: boolean;
    error: string | null;
    elapsed_ms: number;
  }[];
}

/** "Test a record": what each nameserver of the zone (mini-dns, the pool's) answers now to a name and type. */
export function TestRecordTab({ zone }: { zone: { id: string; name: string } }) {
  const [name, setName] = useState('@');
  const [type, setType] = useState('A');
  const test = useAction(() =>
    api<RecordTest>(`${zonePath(zone.id, 'test_record')}${query({ name, type })}`),
  );
  const [result, setResult] = useState<RecordTest | null>(null);
  return (
    <>
      <form
        class="filters"
        aria-label="Test a record"
        onSubmit={async (event) => {
          event.preventDefault();
          setResult((await test.run()) ?? null);
        }}
      >
        <Field
          label="Name"
          name="name"
          value={name}
          onValue={setName}
          hint={`Relative to ${zone.name} (@: the zone)`}
        />
        <Select
          label="Type"
          name="type"
          value={type}
          onValue={setType}
          options={['SOA', 'NS', ...TYPE_NAMES, 'DNSKEY', 'CDS']}
        />
        <button type="submit" class="primary" disabled={test.busy}>
          Test
        </button>
      </form>
      <ErrorNote error={test.error} />
      {result && (
        <section aria-label="Answers" class="answers">
          <h2>
            {result.name} {result.type}
          </h2>
          {result.answers.map((answer) => (
            <div class="panel answer" key={`${answer.nameserver.host}:${answer.nameserver.port}`}>
              <h3>
                {answer.nameserver.host} port {answer.nameserver.port}{' '}
                <span class="muted">({answer.nameserver.roles.join(', ')})</span>
              </h3>
              {answer.error ? (
                <p class="field-error">No answer: {answer.error}</p>
              ) : (
                <p>
                  <strong class="rcode">{answer.rcode}</strong>
                  {answer.authoritative ? ', authoritative' : ''}
                  {answer.over_tcp ? ', over TCP' : ''} · {answer.elapsed_ms} ms
                </p>
              )}
              {answer.records.length > 0 && (
                <pre class="records-answer">
                  {answer.records.map((r) => `${r.name} ${r.ttl} IN ${r.type} ${r.data}`).join('\n')}
                </pre>
              )}
              {answer.records.length === 0 && answer.authority.length > 0 && (
                <pre class="muted">
                  {answer.authority.map((r) => `${r.name} ${r.ttl} IN ${r.type} ${r.data}`).join('\n')}
                </pre>
              )}
            </div>
          ))}
        </section>
      )}
    </>
  );
}
