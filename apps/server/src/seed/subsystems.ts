import {
  DEMO_SUBSYSTEM_CLIENT_ID,
  SUBSYSTEM_DEFAULT_CLAIMS,
  SUBSYSTEM_TOKEN_LIFETIME_DEFAULT,
  isSubsystemAddress,
  isSubsystemOrigin,
} from '@cityops/contract';
import type { Repositories } from '../repositories.js';

/** The demo subsystem's page, served by the product itself (apps/web/demo-subsystem.html). */
export const DEMO_SUBSYSTEM_PAGE = '/demo-subsystem.html';

/** Where the product is reached: its public address, else this machine's loopback names at its port. */
export interface ProductAddress {
  /** PUBLIC_URL, without its trailing slash. */
  publicUrl: string | undefined;
  port: number;
}

/**
 * The demo subsystem's addresses on the product's own origin: the public address
 * when one is configured; else `http://localhost:<PORT>` and
 * `http://127.0.0.1:<PORT>`, the two names a browser on the server's machine
 * reaches it by. An address the registry would refuse (plain http on a public
 * host) is left out: a subsystem is reached over https.
 */
export function demoSubsystemAddresses({ publicUrl, port }: ProductAddress): {
  origins: string[];
  pages: string[];
} {
  const bases = publicUrl ? [publicUrl] : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const origins = [...new Set(bases.map((base) => new URL(base).origin))].filter(isSubsystemOrigin);
  const pages = bases.map((base) => `${base}${DEMO_SUBSYSTEM_PAGE}`).filter(isSubsystemAddress);
  return { origins, pages };
}

/**
 * Registers the demo subsystem as the public client `demo-subsystem` (issue 22)
 * on every start, as the built-in menu entries are made: missing, it is made;
 * present, it keeps the administrator's changes and gains the product's
 * addresses it lacks. Its id, for the demo menu's entries.
 */
export async function ensureDemoSubsystem(
  repositories: Pick<Repositories, 'subsystems'>,
  address: ProductAddress,
  now: Date,
): Promise<number> {
  const { origins, pages } = demoSubsystemAddresses(address);
  return repositories.subsystems.ensureBuiltIn(
    {
      clientId: DEMO_SUBSYSTEM_CLIENT_ID,
      name: '演示子系统',
      nameEn: 'Demo subsystem',
      kind: 'public',
      secretHash: null,
      origins,
      redirectUris: pages,
      postLogoutRedirectUris: pages,
      backchannelLogoutUri: null,
      claims: [...SUBSYSTEM_DEFAULT_CLAIMS],
      tokenLifetime: SUBSYSTEM_TOKEN_LIFETIME_DEFAULT,
      enabled: true,
    },
    now,
  );
}
