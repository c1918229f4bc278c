import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { HttpError } from '../../common/errors/http-error';
import { ObjectBodyPipe } from '../../common/http/object-body.pipe';
import { GatewayConfig } from '../../config/gateway.config';
import { ApiErrors, ApiSuccess } from '../../openapi/api-docs';
import { IDENTITY_RESOLVER } from '../auth.guard';
import { Credentials, IdentityResolver } from '../identity';
import { KeystoneClient, KeystoneUnavailable } from '../keystone/keystone-client';
import { Public } from '../public.decorator';
import { SESSION_EXAMPLE, SessionView, SignInDto } from './session.dto';
import {
  checkCsrf,
  clearSessionCookie,
  credentialsOfSession,
  csrfTokenOf,
  sessionOf,
  sessionValue,
  setSessionCookie,
} from './session-cookie';

export const KEYSTONE_CLIENT = Symbol('KEYSTONE_CLIENT');

const REFUSED = () => new HttpError(401, 'unauthorized', 'The credentials were refused');
const missing = (fields: string) => new HttpError(400, 'bad_request', `Signing in here takes ${fields}`);

/**
 * `/console/session`: the web console's sign-in (docs/console.md). The credentials of the gateway's
 * AUTH_STRATEGY are exchanged for a session cookie (HttpOnly, SameSite=Strict) that the AuthGuard accepts
 * as it accepts X-Auth-Token: the browser never talks to Keystone, and scripts never hold the token.
 */
@ApiTags('console')
@Controller('console/session')
export class SessionController {
  private readonly logger = new Logger('ConsoleSession');

  constructor(
    private readonly config: GatewayConfig,
    @Inject(IDENTITY_RESOLVER) private readonly resolver: IdentityResolver,
    @Inject(KEYSTONE_CLIENT) private readonly keystone: KeystoneClient | null,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: "The console's session",
    description:
      'Who the session cookie acts as and its CSRF token; `signed_in: false` (and the cookie cleared) without a valid one — a session ends when its token expires.',
  })
  @ApiOkResponse({ type: SessionView, description: 'The session.', example: SESSION_EXAMPLE })
  async show(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionView> {
    res.setHeader('Cache-Control', 'no-store');
    const value = sessionOf(req);
    if (value === undefined) return this.signedOut();
    const view = await this.view(value, credentialsOfSession(value, this.noauth));
    if (!view.signed_in) clearSessionCookie(req, res);
    return view;
  }

  @Post()
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Sign the console in',
    description:
      'With `AUTH_STRATEGY=token`: `token`. With `keystone`: `username`, `password`, `project` and `domain` — the gateway asks Keystone for a project-scoped token. With `noauth`: `project_id` and `roles`. Sets the session cookie (until the token expires, when known) and answers the session with its CSRF token.',
  })
  @ApiBody({ type: SignInDto })
  @ApiSuccess({ status: 201, description: 'The session.', type: SessionView })
  @ApiErrors({
    400: '`bad_request`: the fields of another strategy, or none.',
    401: '`unauthorized`: the credentials were refused.',
    503: '`service_unavailable`: Keystone did not answer.',
  })
  async signIn(
    @Body(new ObjectBodyPipe(SignInDto, 'sign-in')) body: SignInDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionView> {
    res.setHeader('Cache-Control', 'no-store');
    const { credentials, expiresAt } = await this.exchange(body);
    const value = sessionValue(credentials);
    const view = await this.view(value, credentials, expiresAt);
    if (!view.signed_in) throw REFUSED();
    setSessionCookie(req, res, value, expiresAt);
    return view;
  }

  @Delete()
  @Public()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Sign the console out',
    description:
      'Clears the session cookie (a Keystone token is revoked too). Needs the X-CSRF-Token of the session it ends.',
  })
  @ApiNoContentResponse({ description: 'Signed out.' })
  @ApiErrors({ 403: "`forbidden`: the request lacks the session's X-CSRF-Token." })
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const value = sessionOf(req);
    if (value === undefined) return;
    checkCsrf(req, value);
    clearSessionCookie(req, res);
    if (this.keystone)
      await this.keystone.revoke(value).catch((error: unknown) => {
        this.logger.warn(`token not revoked at sign-out: ${(error as Error).message}`);
      });
  }

  private get noauth(): boolean {
    return this.config.AUTH_STRATEGY === 'noauth';
  }

  /** The credentials the sign-in's fields stand for, checked with the identity service where there is one. */
  private async exchange(body: SignInDto): Promise<{ credentials: Credentials; expiresAt?: number }> {
    const strategy = this.config.AUTH_STRATEGY;
    if (strategy === 'noauth') {
      if (body.token !== undefined || body.username !== undefined) throw missing('project_id and roles');
      return {
        credentials: {
          projectId: body.project_id?.trim() || undefined,
          roles: body.roles?.map((role) => role.trim().toLowerCase()).join(',') || undefined,
        },
      };
    }
    if (!this.keystone) {
      if (!body.token) throw missing('an API token');
      return { credentials: { token: body.token.trim() } };
    }
    if (!body.username || !body.password || !body.project)
      throw missing('username, password, project and domain');
    const domain = body.domain?.trim() || 'Default';
    const issued = await this.keystone
      .issueUserToken({
        username: body.username,
        password: body.password,
        projectName: body.project,
        userDomainName: domain,
        projectDomainName: domain,
      })
      .catch((error: unknown) => {
        if (!(error instanceof KeystoneUnavailable)) throw error;
        this.logger.warn(`sign-in not checked: ${error.message}`);
        throw new HttpError(503, 'service_unavailable', 'The identity service is unavailable; retry shortly');
      });
    if (!issued) throw REFUSED();
    return { credentials: { token: issued.token }, expiresAt: issued.expiresAt };
  }

  private signedOut(): SessionView {
    return { strategy: this.config.AUTH_STRATEGY, signed_in: false };
  }

  private async view(value: string, credentials: Credentials, expiresAt?: number): Promise<SessionView> {
    const identity = await this.resolver.resolve(credentials);
    if (!identity) return this.signedOut();
    const ends = expiresAt ?? identity.expiresAt;
    return {
      strategy: this.config.AUTH_STRATEGY,
      signed_in: true,
      project_id: identity.projectId,
      user_id: identity.userId,
      roles: identity.roles,
      expires_at: ends === undefined ? null : new Date(ends).toISOString(),
      csrf_token: csrfTokenOf(value),
    };
  }
}
