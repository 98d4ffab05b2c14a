/**
 * Every port the reliability suite listens on, from one base so that several
 * copies of the repository on one machine do not collide (RELIABILITY_PORT_BASE,
 * default 5400; the suite uses base .. base+19).
 */
const base = Number(process.env.RELIABILITY_PORT_BASE ?? 5400);

export const ports = {
  nginx: base,
  postgres: base + 1,
  /** Server instances: base+10, base+11, ... */
  server: (index: number) => base + 10 + index,
  /** Their management ports (readiness, metrics): base+15, base+16, ... */
  management: (index: number) => base + 15 + index,
};
