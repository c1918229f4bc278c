import { ApiSchema } from '@nestjs/swagger';
import type { LookupRecord } from '@zonewarden/dns';
import type { NameserverAnswer, RecordTest } from '@zonewarden/domain';
import { Field, IntegerField, TextField } from '../openapi/api-schemas';

@ApiSchema({ name: 'TestedRecord' })
class TestedRecordView {
  @TextField({ example: 'www.example.org.' }) name!: string;
  @TextField({ example: 'A' }) type!: string;
  @IntegerField({ example: 300 }) ttl!: number;
  @TextField({ example: '192.0.2.10', description: 'The rdata in presentation form.' }) data!: string;
}

@ApiSchema({ name: 'TestedNameserver' })
class TestedNameserverView {
  @TextField({ example: '127.0.0.1' }) host!: string;
  @IntegerField({ example: 5354 }) port!: number;
  @Field({
    type: [String],
    example: ['mini-dns', 'nameserver'],
    description:
      "What it is to the zone: `mini-dns` (the builtin server), `nameserver` (the pool's), a target's type.",
  })
  roles!: string[];
}

@ApiSchema({ name: 'NameserverAnswer' })
class NameserverAnswerView {
  @Field({ type: TestedNameserverView }) nameserver!: TestedNameserverView;
  @TextField({ nullable: true, example: 'NOERROR', description: 'Null when it did not answer.' })
  rcode!: string | null;
  @Field({ type: Boolean, nullable: true }) authoritative!: boolean | null;
  @Field({ type: [TestedRecordView], description: 'The answer section.' }) records!: TestedRecordView[];
  @Field({ type: [TestedRecordView], description: 'The authority section (an SOA for NXDOMAIN/NODATA).' })
  authority!: TestedRecordView[];
  @Field({ type: Boolean, description: 'The UDP answer was truncated: asked again over TCP.' })
  over_tcp!: boolean;
  @TextField({ nullable: true, description: 'Why there is no answer.' })
  error!: string | null;
  @IntegerField({ example: 2 }) elapsed_ms!: number;
}

@ApiSchema({ name: 'RecordTest' })
export class RecordTestView {
  @TextField({ example: 'www.example.org.' }) name!: string;
  @TextField({ example: 'A' }) type!: string;
  @Field({ type: [NameserverAnswerView], description: 'One per nameserver of the zone.' })
  answers!: NameserverAnswerView[];
}

const renderRecords = (records: LookupRecord[]) =>
  records.map(({ name, type, ttl, data }) => ({ name, type, ttl, data }));

function renderAnswer({ nameserver, answer, error, elapsedMs }: NameserverAnswer): NameserverAnswerView {
  return {
    nameserver: { host: nameserver.host, port: nameserver.port, roles: nameserver.roles },
    rcode: answer?.rcode ?? null,
    authoritative: answer?.authoritative ?? null,
    records: renderRecords(answer?.answers ?? []),
    authority: renderRecords(answer?.authorities ?? []),
    over_tcp: answer?.overTcp ?? false,
    error,
    elapsed_ms: elapsedMs,
  };
}

export function renderRecordTest(test: RecordTest): RecordTestView {
  return { name: test.name, type: test.type, answers: test.answers.map(renderAnswer) };
}
