import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  QR_CONFIRM_PATH,
  QR_MOBILE_PAGE_PATH,
  QR_SCAN_PATH,
  type QrScanResponse,
  type QrState,
  type QrStatusResponse,
} from '@cityops/contract';
import QRCode from 'qrcode';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { tokenDigest } from '../../lib/tokens.js';
import { SecurityEvent, type AuditRecorder, type RequestMeta } from '../audit/audit-writer.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SecuritySettings } from '../auth/security-settings.js';
import type { SecondFactorService } from '../second-factor/second-factor.service.js';
import type { UserRepository } from '../organization/user.repository.js';
import type { QrTicketRecord, QrTicketRepository } from './qr-ticket.repository.js';

/** The PC's view of a ticket's state. */
function stateOf(ticket: QrTicketRecord, now: Date): QrState {
  if (ticket.status === 'confirmed') return 'confirmed';
  if (ticket.status === 'refused') return 'refused';
  if (ticket.expiresAt <= now) return 'expired';
  return ticket.status === 'scanned' ? 'scanned' : 'waiting';
}

export interface QrLoginServiceOptions {
  tickets: QrTicketRepository;
  users: UserRepository;
  auth: AuthService;
  settings: SecuritySettings;
  audit: AuditRecorder;
  secondFactor: SecondFactorService;
  clock: Clock;
}

/**
 * QR sign-in: the PC asks for a ticket and follows it with its secret; a
 * signed-in user on the product's mobile page scans, then confirms or refuses.
 * Tickets live in the database, so the PC and the phone may reach different
 * instances. A confirmed ticket hands out its session once.
 */
export class QrLoginService {
  constructor(private readonly options: QrLoginServiceOptions) {}

  async create(appId: string, meta: RequestMeta, publicBase: string, hashRouter: boolean) {
    const now = this.options.clock.now();
    const seconds = await this.options.settings.number('qr.ticketSeconds');
    const ticket = randomBytes(16).toString('base64url');
    const secret = randomBytes(24).toString('base64url');
    await this.options.tickets.insert({
      id: ticket,
      secretHash: tokenDigest(secret),
      appId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + seconds * 1000),
      requesterIp: meta.ipAddress,
      requesterAgent: meta.userAgent?.slice(0, 512) ?? null,
    });
    const page = `${hashRouter ? '/#' : ''}${QR_MOBILE_PAGE_PATH}?ticket=${ticket}`;
    const content = `${publicBase}${page}`;
    return {
      ticket,
      secret,
      content,
      svg: await QRCode.toString(content, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      expiresIn: seconds,
      scanUrl: `${publicBase}/api${QR_SCAN_PATH}`,
      confirmUrl: `${publicBase}/api${QR_CONFIRM_PATH}`,
    };
  }

  async status(ticketId: string, secret: string, meta: RequestMeta): Promise<QrStatusResponse> {
    const ticket = await this.options.tickets.find(ticketId);
    const expected = ticket ? Buffer.from(ticket.secretHash, 'hex') : Buffer.alloc(32);
    const given = Buffer.from(tokenDigest(secret), 'hex');
    if (!ticket || !timingSafeEqual(expected, given)) {
      throw new AppError(ErrorCode.NOT_FOUND, { messageKey: 'qr.notFound' });
    }
    const now = this.options.clock.now();
    const state = stateOf(ticket, now);
    if (state !== 'confirmed') return { status: state, login: null };
    const userId = await this.options.tickets.collect(ticket.id, now);
    if (userId === null) return { status: 'confirmed', login: null };
    const user = await this.options.users.findById(userId);
    if (!user || user.disabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    // The phone's confirmation is the first step; a second factor, when set up, is the PC's next.
    const secondStep = await this.options.secondFactor.challenge(user.id, 'read');
    if (secondStep) {
      throw new AppError(ErrorCode.SECOND_FACTOR_REQUIRED, { data: { ticket: secondStep } });
    }
    const token = await this.options.auth.openSession(user.id, meta);
    await this.options.audit.record(SecurityEvent.qrLogin, meta, {
      userId: user.id,
      username: user.username,
    });
    return {
      status: 'confirmed',
      login: {
        access_token: token,
        token_type: 'bearer',
        expires_in: await this.options.auth.sessionLifetimeSeconds(),
        scope: 'read',
        ...(await this.options.auth.userData(user)),
      },
    };
  }

  private async live(ticketId: string): Promise<QrTicketRecord> {
    const ticket = await this.options.tickets.find(ticketId);
    if (!ticket) throw new AppError(ErrorCode.NOT_FOUND, { messageKey: 'qr.notFound' });
    const state = stateOf(ticket, this.options.clock.now());
    if (state === 'expired') throw new AppError(ErrorCode.CONFLICT, { messageKey: 'qr.expired' });
    if (state === 'refused') throw new AppError(ErrorCode.CONFLICT, { messageKey: 'qr.refused' });
    if (state === 'confirmed') throw new AppError(ErrorCode.CONFLICT, { messageKey: 'qr.used' });
    return ticket;
  }

  /** The phone opened the code: the PC shows "scanned"; the phone learns who asked. */
  async scan(ticketId: string): Promise<QrScanResponse> {
    const ticket = await this.live(ticketId);
    await this.options.tickets.markScanned(ticket.id, this.options.clock.now());
    return {
      status: 'scanned',
      appId: ticket.appId,
      browser: ticket.requesterAgent ?? '',
      ipAddress: ticket.requesterIp ?? '',
      requestedAt: ticket.createdAt.toISOString(),
      expiresAt: ticket.expiresAt.toISOString(),
    };
  }

  async decide(ticketId: string, confirm: boolean, auth: AuthContext, meta: RequestMeta) {
    const ticket = await this.live(ticketId);
    const decided = await this.options.tickets.decide(
      ticket.id,
      confirm ? 'confirmed' : 'refused',
      auth.userId,
      this.options.clock.now(),
    );
    if (!decided) {
      // Someone decided or it expired between the read and the update.
      await this.live(ticketId);
      throw notFound();
    }
    await this.options.audit.record(
      confirm ? SecurityEvent.qrConfirmed : SecurityEvent.qrRefused,
      meta,
      { userId: auth.userId, username: auth.username },
      { appId: ticket.appId, requesterIp: ticket.requesterIp },
    );
  }
}
