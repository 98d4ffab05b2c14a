import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

// nprogress's own template gives the bar `role="bar"`, which is no role at all (axe's
// `aria-roles`, critical, on every navigation). The bar only echoes what the page
// already says, so it is hidden from assistive technology instead; nprogress finds the
// bar by `barSelector` (default `[role="bar"]`), so it is told the class.
NProgress.configure({
  showSpinner: false,
  barSelector: '.bar',
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
});

/** The progress bar shows while a navigation loads its code and data. */
export function useNavigationProgress(): void {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') NProgress.done();
    else NProgress.start();
  }, [state]);
}
