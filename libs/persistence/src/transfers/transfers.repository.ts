import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError, conflict, forbidden, notFound } from '@zonewarden/contracts';
import { Prisma } from '../generated/prisma/client';
import { ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { overQuota, withinQuota } from '../quotas/quotas.repository';
import { isUniqueViolation, query, withTransaction } from '../sql';
import { lockZoneInScope } from '../zones/zone-sql';
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

export const requestNotFound = () =>
  notFound('zone_transfer_request_not_found', 'Could not find ZoneTransferRequest');
const acceptNotFound = () => notFound('zone_transfer_accept_not_found', 'Could not find ZoneTransferAccept');

function sameKey(given: string, stored: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(stored)];
  return a.length === b.length && timingSafeEqual(a, b);
}

@Injectable()
export class TransfersRepository {
  constructor(private readonly prisma: PrismaService) {}

  async createRequest(
    scope: Scope,
    zoneId: string,
    input: { targetProjectId: string | null; description: string | null },
  ): Promise<TransferRequestRecord> {
    try {
      return await withTransaction(this.prisma.pg, async (tx) => {
        const zone = await lockZoneInScope(tx, zoneId, scope);
        if (zone.action === 'DELETE')
          throw new DomainError('bad_request', 'Can not transfer a deleting zone');
        const [row] = await query<TransferRequestRecord>(
          tx,
          Prisma.sql`INSERT INTO zone_transfer_requests AS t (id, zone_id, zone_name, project_id, target_project_id, description, key, status)
            VALUES (${randomUUID()}::uuid, ${zone.id}::uuid, ${zone.name}, ${zone.projectId}, ${input.targetProjectId}, ${input.description},
              ${generateTransferKey()}, 'ACTIVE')
            RETURNING ${REQUEST_COLUMNS}`,
          'transfer-request-insert',
        );
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'zone_transfer_requests_active_zone_key')) {
        throw conflict('duplicate_zone_transfer_request', 'The zone already has an active transfer request');
      }
      throw error;
    }
  }

  async findRequest(id: string): Promise<TransferRequestRecord> {
    const [row] = await query<TransferRequestRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${REQUEST_COLUMNS} FROM zone_transfer_requests t WHERE t.id = ${id}::uuid`,
      'transfer-request-find',
    );
    if (!row) throw requestNotFound();
    return row;
  }

  /** Requests made by the project or targeted at it (null: every project's). */
  async listRequests(projectId: string | null, listQuery: ListQuery): Promise<Page<TransferRequestRecord>> {
    const scope =
      projectId === null
        ? []
        : [Prisma.sql`(t.project_id = ${projectId} OR t.target_project_id = ${projectId})`];
    return listPage<TransferRequestRecord>(
      this.prisma.pg,
      TRANSFER_REQUEST_COLLECTION,
      REQUEST_COLUMNS,
      scope,
      listQuery,
    );
  }

  async updateRequest(id: string, description: string | null): Promise<TransferRequestRecord> {
    const [row] = await query<TransferRequestRecord>(
      this.prisma.pg,
      Prisma.sql`UPDATE zone_transfer_requests t SET description = ${description}, updated_at = now() WHERE t.id = ${id}::uuid RETURNING ${REQUEST_COLUMNS}`,
    );
    if (!row) throw requestNotFound();
    return row;
  }

  async deleteRequest(id: string): Promise<void> {
    const rows = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM zone_transfer_requests WHERE id = ${id}::uuid RETURNING id`,
    );
    if (rows.length === 0) throw requestNotFound();
  }

  /**
   * Accepts a request, once: the request row is locked, so of concurrent accepts one moves the zone and
   * the others find the request used. The zone and all its record sets change project in the same
   * transaction.
   */
  async accept(
    requestId: string,
    key: string,
    acceptor: string,
    zonesQuota: number,
  ): Promise<TransferAcceptRecord> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const [request] = await query<TransferRequestRecord>(
        tx,
        Prisma.sql`SELECT ${REQUEST_COLUMNS} FROM zone_transfer_requests t WHERE t.id = ${requestId}::uuid FOR UPDATE`,
        'transfer-request-lock',
      );
      if (!request || (request.targetProjectId !== null && request.targetProjectId !== acceptor))
        throw requestNotFound();
      if (request.status !== 'ACTIVE') {
        const message =
          request.status === 'COMPLETE'
            ? 'Zone Transfer Request has been used'
            : 'Zone Transfer Request Invalid';
        throw new DomainError('invalid_zone_transfer_request', message);
      }
      if (!sameKey(key, request.key))
        throw forbidden('Key does not match stored key for request', 'invalid_key');
      const zone = await lockZoneInScope(tx, request.zoneId, { projectId: null });
      if (zone.action === 'DELETE') throw new DomainError('bad_request', 'Can not transfer a deleting zone');
      if (zonesQuota >= 0) {
        const [{ count }] = await query<{ count: number }>(
          tx,
          Prisma.sql`SELECT count(*)::int AS count FROM zones WHERE project_id = ${acceptor} AND status <> 'DELETED'`,
        );
        if (!withinQuota(zonesQuota, count + 1)) throw overQuota('zones');
      }
      await query(
        tx,
        Prisma.sql`UPDATE zones SET project_id = ${acceptor}, version = version + 1, updated_at = now() WHERE id = ${zone.id}::uuid`,
        'zone-change-project',
      );
      await query(
        tx,
        Prisma.sql`UPDATE recordsets SET project_id = ${acceptor} WHERE zone_id = ${zone.id}::uuid`,
        'recordsets-change-project',
      );
      await query(
        tx,
        Prisma.sql`UPDATE zone_transfer_requests SET status = 'COMPLETE', updated_at = now() WHERE id = ${requestId}::uuid`,
        'transfer-request-complete',
      );
      const [accept] = await query<TransferAcceptRecord>(
        tx,
        Prisma.sql`INSERT INTO zone_transfer_accepts AS t (id, zone_transfer_request_id, zone_id, project_id, status)
          VALUES (${randomUUID()}::uuid, ${requestId}::uuid, ${zone.id}::uuid, ${acceptor}, 'COMPLETE') RETURNING ${ACCEPT_COLUMNS}`,
        'transfer-accept-insert',
      );
      return accept;
    });
  }

  async findAccept(scope: Scope, id: string): Promise<TransferAcceptRecord> {
    const [row] = await query<TransferAcceptRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${ACCEPT_COLUMNS} FROM zone_transfer_accepts t WHERE t.id = ${id}::uuid AND ${inScope(scope)}`,
      'transfer-accept-find',
    );
    if (!row) throw acceptNotFound();
    return row;
  }

  async listAccepts(scope: Scope, listQuery: ListQuery): Promise<Page<TransferAcceptRecord>> {
    return listPage<TransferAcceptRecord>(
      this.prisma.pg,
      TRANSFER_ACCEPT_COLLECTION,
      ACCEPT_COLUMNS,
      [inScope(scope)],
      listQuery,
    );
  }
}
