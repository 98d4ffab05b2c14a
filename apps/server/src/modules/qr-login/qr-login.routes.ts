import {
  QR_CONFIRM_PATH,
  QR_SCAN_PATH,
  QR_STATUS_PATH,
  envelopeSchema,
  ok,
  qrCodeRequestSchema,
  qrCodeResponseSchema,
  qrConfirmRequestSchema,
  qrScanRequestSchema,
  qrScanResponseSchema,
  qrStatusRequestSchema,
  qrStatusResponseSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productBase } from '../../lib/product-base.js';
import { requestMeta } from '../../lib/request-meta.js';
import { authOf } from '../../plugins/auth.js';
import type { RouteContext } from '../../app-module.js';
import { limitedBy } from '../../plugins/request-limits.js';
import { onSelf } from '../access/policy-targets.js';

const qrLoginRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services, config }) => {
  const publicUrl = config.publicUrl;
  const hashRouter = config.web.routerMode === 'hash';
  app.post(
    '/authorization-server/oauth/qrCode',
    {
      config: {
        access: 'public',
        rateLimit: limitedBy('qrTicket'),
        audit: { none: 'a ticket for the PC to show; its confirmation and use are recorded' },
      },
      schema: {
        tags: ['qr-login'],
        summary: 'A QR sign-in ticket for the PC (about 2 minutes)',
        description:
          'content is the address of the mobile confirm page; the PC follows the ticket with its secret at qrCode/status. scanUrl and confirmUrl are the two helpers by full URL.',
        body: qrCodeRequestSchema,
        response: { 200: envelopeSchema(qrCodeResponseSchema) },
      },
    },
    async (request) => {
      const base = productBase(request, publicUrl);
      return ok(
        await services.qrLogin.create(request.body.appId, requestMeta(request), base, hashRouter),
      );
    },
  );

  app.post(
    QR_STATUS_PATH,
    {
      config: {
        access: 'public',
        rateLimit: limitedBy('qrStatus'),
        audit: {
          action: 'auth.qr.login',
          when: 'a confirmed ticket is taken up and its session begins',
        },
      },
      schema: {
        tags: ['qr-login'],
        summary: 'The state of a ticket: waiting, scanned, confirmed, expired or refused',
        description:
          'The first answer after confirmation carries the sign-in (token and user data), once.',
        body: qrStatusRequestSchema,
        response: { 200: envelopeSchema(qrStatusResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await services.qrLogin.status(
          request.body.ticket,
          request.body.secret,
          requestMeta(request),
        ),
      ),
  );

  app.post(
    QR_SCAN_PATH,
    {
      config: {
        access: 'signed-in',
        audit: {
          none: 'the phone reads which browser asks; its answer is recorded by the confirmation',
        },
      },
      schema: {
        tags: ['qr-login'],
        summary: 'The signed-in phone opened a ticket: which browser asked and when',
        body: qrScanRequestSchema,
        response: { 200: envelopeSchema(qrScanResponseSchema) },
      },
    },
    async (request) => ok(await services.qrLogin.scan(request.body.ticket)),
  );

  app.post(
    QR_CONFIRM_PATH,
    {
      config: {
        access: 'signed-in',
        audit: 'auth.qr.confirm',
        // The phone's user opens a session of their own on the PC.
        policy: onSelf('own.sessions'),
      },
      schema: {
        tags: ['qr-login'],
        summary: 'The signed-in phone confirms (or refuses) the sign-in of the PC',
        body: qrConfirmRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await services.qrLogin.decide(
        request.body.ticket,
        request.body.confirm,
        authOf(request),
        requestMeta(request),
      );
      return ok(null);
    },
  );
};

export default qrLoginRoutes;
