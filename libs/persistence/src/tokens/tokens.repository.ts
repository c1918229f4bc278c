import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

export interface TokenIdentity {
  projectId: string;
  userId: string;
  roles: string[];
}

export interface IssuedToken extends TokenIdentity {
  id: string;
  token: string;
}

/** Tokens are 256 random bits, so an unsalted SHA-256 is enough to make the stored hash useless to a thief. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class TokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  async issue(identity: TokenIdentity, description?: string, expiresAt?: Date): Promise<IssuedToken> {
    const token = `zw_${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    await query(
      this.prisma.pg,
      Prisma.sql`INSERT INTO api_tokens (id, token_hash, project_id, user_id, roles, description, expires_at)
        VALUES (${id}::uuid, ${hashToken(token)}, ${identity.projectId}, ${identity.userId}, ${identity.roles}::text[],
          ${description ?? null}, ${expiresAt?.toISOString() ?? null}::timestamptz AT TIME ZONE 'UTC')`,
    );
    return { id, token, ...identity };
  }

  /** On every authenticated request: a prepared statement, not Prisma's query path (docs/footprint.md). */
  async findIdentity(token: string): Promise<TokenIdentity | null> {
    const rows = await query<TokenIdentity>(
      this.prisma.pg,
      Prisma.sql`SELECT project_id AS "projectId", user_id AS "userId", roles FROM api_tokens
        WHERE token_hash = ${hashToken(token)}
          AND (expires_at IS NULL OR expires_at > (now() AT TIME ZONE 'UTC'))`,
      'token-identity',
    );
    return rows[0] ?? null;
  }
}
