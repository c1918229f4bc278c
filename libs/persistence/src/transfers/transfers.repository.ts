import { randomInt, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { isUniqueViolation, query } from '../sql';
import { Queryable } from '../transaction';
import { ZoneRecord } from '../zones/zone.record';
import { Scope, inScope } from '../access/scope';
import {
  TRANSFER_ACCEPT_COLLECTION,
  TRANSFER_REQUEST_COLLECTION,
  TransferAcceptRecord,
  TransferRequestRecord,
} from './transfer.record';

const REQUEST_COLUMNS =
  Prisma.raw(`t.id, t.zone_id AS "zoneId", t.zone_name AS "zoneName", t.project_id AS "projectId",
  t.target_project_id AS "targetProjectId", t.description, t.key, t.status::text AS status,
  t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);
const ACCEPT_COLUMNS =
  Prisma.raw(`t.id, t.zone_transfer_request_id AS "zoneTransferRequestId", t.zone_id AS "zoneId",
  t.project_id AS "projectId", t.status::text AS status, t.created_at AT TIME ZONE 'UTC' AS "createdAt",
  t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** 16 characters of A–Z0–9 (Designate uses 8): about 82 bits. */
export const generateTransferKey = () =>
  Array.from({ length: 16 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');

/**
 * Zone transfer requests and accepts: reads and writes only, on the pool or the transaction of the
 * domain's TransfersService (which decides who may see, change and accept a request).
 */
@Injectable()
export class TransfersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The new ACTIVE request for the zone, or null when the zone has an active request already. */
  async insertRequest(
    tx: Queryable,
    zone: ZoneRecord,
    input: { targetProjectId: string | null; description: string | null },
  ): Promise<TransferRequestRecord | null> {
    try {
      const [row] = await query<TransferRequestRecord>(
        tx,
        Prisma.sql`INSERT INTO zone_transfer_requests AS t (id, zone_id, zone_name, project_id, target_project_id, description, key, status)
          VALUES (${randomUUID()}::uuid, ${zone.id}::uuid, ${zone.writtenName}, ${zone.projectId}, ${input.targetProjectId}, ${input.description},
            ${generateTransferKey()}, 'ACTIVE')
          RETURNING ${REQUEST_COLUMNS}`,
        'transfer-request-insert',
      );
      return row;
    } catch (error) {
      if (isUniqueViolation(error, 'zone_transfer_requests_active_zone_key')) return null;
      throw error;
    }
  }

  async findRequest(id: string): Promise<TransferRequestRecord | null> {
    const [row] = await query<TransferRequestRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${REQUEST_COLUMNS} FROM zone_transfer_requests t WHERE t.id = ${id}::uuid`,
      'transfer-request-find',
    );
    return row ?? null;
  }

  /** The request, its row locked for the rest of the transaction (of concurrent accepts, one wins); or null. */
  async lockRequest(tx: Queryable, id: string): Promise<TransferRequestRecord | null> {
    const [row] = await query<TransferRequestRecord>(
      tx,
      Prisma.sql`SELECT ${REQUEST_COLUMNS} FROM zone_transfer_requests t WHERE t.id = ${id}::uuid FOR UPDATE`,
      'transfer-request-lock',
    );
    return row ?? null;
  }

  /** Requests made by the project or targeted at it (null: every project's); null when the marker is not there. */
  async listRequests(
    projectId: string | null,
    listQuery: ListQuery,
  ): Promise<Page<TransferRequestRecord> | null> {
    // Made by it and targeted at it: two parts, each through its keyset indexes (an OR is one scan).
    const parts =
      projectId === null
        ? [[]]
        : [
            [Prisma.sql`t.project_id = ${projectId}`],
            [Prisma.sql`t.target_project_id = ${projectId}`, Prisma.sql`t.project_id <> ${projectId}`],
          ];
    return listPage<TransferRequestRecord>(
      this.prisma.pg,
      TRANSFER_REQUEST_COLLECTION,
      REQUEST_COLUMNS,
      { parts },
      listQuery,
    );
  }

  async updateRequest(id: string, description: string | null): Promise<TransferRequestRecord | null> {
    const [row] = await query<TransferRequestRecord>(
      this.prisma.pg,
      Prisma.sql`UPDATE zone_transfer_requests t SET description = ${description}, updated_at = now() WHERE t.id = ${id}::uuid RETURNING ${REQUEST_COLUMNS}`,
    );
    return row ?? null;
  }

  /** Whether there was such a request. */
  async deleteRequest(id: string): Promise<boolean> {
    const rows = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM zone_transfer_requests WHERE id = ${id}::uuid RETURNING id`,
    );
    return rows.length > 0;
  }

  /**
   * The zone and all its record sets change project, the request is used, and the accept recorded: in the
   * caller's transaction, the request and the zone locked.
   */
  async moveZone(
    tx: Queryable,
    request: TransferRequestRecord,
    acceptor: string,
  ): Promise<TransferAcceptRecord> {
    await query(
      tx,
      Prisma.sql`UPDATE zones SET project_id = ${acceptor}, version = version + 1, updated_at = now() WHERE id = ${request.zoneId}::uuid`,
      'zone-change-project',
    );
    await query(
      tx,
      Prisma.sql`UPDATE recordsets SET project_id = ${acceptor} WHERE zone_id = ${request.zoneId}::uuid`,
      'recordsets-change-project',
    );
    await query(
      tx,
      Prisma.sql`UPDATE zone_transfer_requests SET status = 'COMPLETE', updated_at = now() WHERE id = ${request.id}::uuid`,
      'transfer-request-complete',
    );
    const [accept] = await query<TransferAcceptRecord>(
      tx,
      Prisma.sql`INSERT INTO zone_transfer_accepts AS t (id, zone_transfer_request_id, zone_id, project_id, status)
        VALUES (${randomUUID()}::uuid, ${request.id}::uuid, ${request.zoneId}::uuid, ${acceptor}, 'COMPLETE') RETURNING ${ACCEPT_COLUMNS}`,
      'transfer-accept-insert',
    );
    return accept;
  }

  async findAccept(scope: Scope, id: string): Promise<TransferAcceptRecord | null> {
    const [row] = await query<TransferAcceptRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${ACCEPT_COLUMNS} FROM zone_transfer_accepts t WHERE t.id = ${id}::uuid AND ${inScope(scope)}`,
      'transfer-accept-find',
    );
    return row ?? null;
  }

  listAccepts(scope: Scope, listQuery: ListQuery): Promise<Page<TransferAcceptRecord> | null> {
    return listPage<TransferAcceptRecord>(
      this.prisma.pg,
      TRANSFER_ACCEPT_COLLECTION,
      ACCEPT_COLUMNS,
      [inScope(scope)],
      listQuery,
    );
  }
}
