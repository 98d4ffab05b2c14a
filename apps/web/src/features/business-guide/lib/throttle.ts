export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Runs a pending trailing call now. */
  flush(): void;
  /** Drops a pending trailing call. */
  cancel(): void;
}

/**
 * Calls `fn` at most once per `wait` ms: the first call runs at once, later
 * calls within the window collapse into one trailing call with the last
 * arguments, so the final state is never lost.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
): Throttled<A> {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;

  const run = (args: A) => {
    last = Date.now();
    pending = null;
    fn(...args);
  };

  const throttled = ((...args: A) => {
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0 && timer === null) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = null;
        if (pending) run(pending);
      },
      Math.max(remaining, 0),
    );
  }) as Throttled<A>;

  throttled.flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending) run(pending);
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
