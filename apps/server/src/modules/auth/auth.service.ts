import {
  ErrorCode,
  TOKEN_LIFETIME_SECONDS,
  type TokenRequest,
  type TokenResponse,
} from '@cityops/contract';
import { AppError, badCredentials, tokenInvalid } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { decoyPasswordHash, md5Hex, verifyPasswordDigest } from '../../lib/passwords.js';
import { newAccessToken, tokenDigest } from '../../lib/tokens.js';
import { toUserData } from '../organization/user-data.js';
import type { UserRepository } from '../organization/user.repository.js';
import type { RsaKeyService } from './rsa-key.service.js';
import type { SessionRepository } from './session.repository.js';

/** Who is calling, as the auth hook found it. */
export interface AuthContext {
  userId: number;
  username: string;
  roleIds: string[];
  tokenHash: string;
}

export interface ClientMeta {
  userAgent: string | null;
  ipAddress: string | null;
}

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly rsaKeys: RsaKeyService,
    private readonly clock: Clock,
  ) {}

  /**
   * The password grant. An unknown account and a wrong password give the same
   * answer after the same work; a disabled account is told so only after a
   * correct password.
   */
  async login(request: TokenRequest, meta: ClientMeta): Promise<TokenResponse> {
    const password = await this.rsaKeys.decrypt(request.keyId, request.password);
    const user = await this.users.findByUsername(request.username);
    const digest = md5Hex(password ?? '');
    const passwordMatches = await verifyPasswordDigest(
      user?.passwordHash ?? (await decoyPasswordHash()),
      digest,
    );
    if (!user || password === null || !passwordMatches) throw badCredentials();
    if (user.disabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);

    const token = newAccessToken();
    const now = this.clock.now();
    await this.sessions.insert({
      tokenHash: tokenDigest(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ipAddress: meta.ipAddress,
    });
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope: request.scope,
      ...toUserData(user),
    };
  }

  /** The caller of a bearer token, or `040005`. */
  async authenticate(token: string | undefined): Promise<AuthContext> {
    if (!token) throw tokenInvalid();
    const tokenHash = tokenDigest(token);
    const principal = await this.sessions.findLive(tokenHash, this.clock.now());
    if (!principal) throw tokenInvalid();
    return {
      userId: principal.userId,
      username: principal.username,
      roleIds: principal.roleIds,
      tokenHash,
    };
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.sessions.revoke(auth.tokenHash, this.clock.now());
  }
}
