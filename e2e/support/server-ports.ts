/** The ports of the suite's two servers (history and hash mode), moved by E2E_PORT_BASE. */
export function serverPorts(): [number, number] {
  const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);
  return [portBase, portBase + 1];
}
