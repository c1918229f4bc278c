import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma.service';

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
    await this.prisma.apiToken.create({
      data: {
        id,
        tokenHash: hashToken(token),
        ...identity,
        description: description ?? null,
        expiresAt: expiresAt ?? null,
      },
    });
    return { id, token, ...identity };
  }

  async findIdentity(token: string): Promise<TokenIdentity | null> {
    const row = await this.prisma.apiToken.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return null;
    return { projectId: row.projectId, userId: row.userId, roles: row.roles };
  }
}
