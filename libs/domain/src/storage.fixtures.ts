import type { Caller } from './caller';
import type {
  Autocommit,
  OutboxWriter,
  RecordSetRecord,
  Storage,
  Transaction,
  ZoneRecord,
} from '@zonewarden/persistence';

/** The transaction a stub storage hands to every unit of work, and its statements outside one. */
export const TX = { stub: 'transaction' } as unknown as Transaction;
export const AUTOCOMMIT = { stub: 'autocommit' } as unknown as Autocommit;

/** Storage without a database, for the domain's unit specs: `transaction(work)` runs `work(TX)`. */
export function storageStub() {
  const stub = {
    autocommit: AUTOCOMMIT,
    transaction: jest.fn((work: (tx: Transaction) => Promise<unknown>) => work(TX)),
    ping: jest.fn(async () => undefined),
  };
  return stub as typeof stub & Storage;
}

/** An outbox that keeps what was written. */
export function outboxStub() {
  const stub = { write: jest.fn(async () => undefined) };
  return stub as typeof stub & OutboxWriter;
}

/** A member of the project that owns zoneRecord()'s zone. */
export const MEMBER: Caller = {
  userId: 'user-1',
  projectId: 'project-1',
  roles: ['member'],
  isAdmin: false,
  allProjects: false,
};

export function zoneRecord(fields: Partial<ZoneRecord> = {}): ZoneRecord {
  return {
    id: '6f1ad5c6-3c69-4fbc-8d4e-0f0f8f1f1a01',
    projectId: 'project-1',
    poolId: '794ccc2c-d751-44fe-b57f-8894c9f5c842',
    name: 'example.com.',
    writtenName: 'example.com.',
    email: 'hostmaster@example.com',
    ttl: 3600,
    serial: 1_700_000_000,
    propagatedSerial: null,
    status: 'ACTIVE',
    action: 'NONE',
    type: 'PRIMARY',
    description: null,
    masters: [],
    attributes: {},
    version: 1,
    errorReason: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: null,
    transferredAt: null,
    previousPoolId: null,
    poolMoveStage: null,
    shared: false,
    ...fields,
  };
}

export function recordSetRecord(fields: Partial<RecordSetRecord> = {}): RecordSetRecord {
  return {
    id: '0b6a2f1e-8d1c-4a53-9a43-2f2a5f0c9b02',
    zoneId: zoneRecord().id,
    zoneName: 'example.com.',
    projectId: 'project-1',
    name: 'www.example.com.',
    type: 'A',
    ttl: null,
    description: null,
    status: 'ACTIVE',
    action: 'NONE',
    managed: false,
    version: 1,
    records: ['192.0.2.1'],
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: null,
    ...fields,
  };
}
