/**
 * Navigation for code outside React (the HTTP client's sign-out). The router
 * registers itself here when it is created.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigateFn: Navigate | null = null;

export function registerNavigate(navigate: Navigate): void {
  navigateFn = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  void navigateFn?.(to, options);
}
