/** Whether this page runs inside a frame (of the shell or of another site). */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent refuses the comparison: we are framed.
    return true;
  }
}

/** The query of the current address in either router mode (`?a=1` or `#/path?a=1`). */
export function currentQuery(): URLSearchParams {
  const hashQuery = window.location.hash.includes('?')
    ? window.location.hash.slice(window.location.hash.indexOf('?'))
    : '';
  return new URLSearchParams(window.location.search || hashQuery);
}

/** Embedded mode: framed, or asked for with `embed=true`. */
export function startsEmbedded(): boolean {
  return isFramed() || currentQuery().get('embed') === 'true';
}

/**
 * Same-origin frames share the parent's session storage, so a framed page keeps
 * its state under its own keys and never overwrites the shell's.
 */
export function stateKey(base: string): string {
  return isFramed() ? `${base}.framed` : base;
}
