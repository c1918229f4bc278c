import { Injectable } from '@nestjs/common';
import { IssuedToken, TokenIdentity, TokensRepository } from '@zonewarden/persistence';

/** The API tokens of AUTH_STRATEGY=token: issued by the operator (CLI), looked up by the gateway. */
@Injectable()
export class TokensService {
  constructor(private readonly tokens: TokensRepository) {}

  /** A new token (stored hashed); its secret is in the answer only. */
  issue(identity: TokenIdentity, description?: string, expiresAt?: Date): Promise<IssuedToken> {
    return this.tokens.issue(identity, description, expiresAt);
  }

  /** Whom a token names, or null (unknown or expired). */
  findIdentity(token: string): Promise<TokenIdentity | null> {
    return this.tokens.findIdentity(token);
  }
}
