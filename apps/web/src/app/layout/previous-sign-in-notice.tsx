import { message } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { signInTime } from '@/lib/sessions/sign-in-time';
import { useUserStore } from '@/stores/user-store';

/**
 * Tells the user, once after signing in, the time and address of their previous
 * sign-in (issue 13). It comes with the user info loaded right after sign-in
 * (`previousSignIn`); nothing is shown when there was none.
 */
export function PreviousSignInNotice() {
  const { t } = useTranslation();
  const pending = useUserStore((state) => state.signInNoticePending);
  const previous = useUserStore((state) => state.userData?.previousSignIn);
  const [api, contextHolder] = message.useMessage();

  useEffect(() => {
    // `undefined`: the user info has not come yet (null: there was no previous sign-in).
    if (!pending || previous === undefined) return;
    useUserStore.getState().signInNoticeShown();
    if (!previous) return;
    const time = signInTime(previous.at);
    // A short message at the top centre: it covers none of the header's controls.
    void api.info({
      key: 'previous-sign-in',
      content: previous.ipAddress
        ? t('signInNotice.withAddress', { time, address: previous.ipAddress })
        : t('signInNotice.withoutAddress', { time }),
      duration: 8,
    });
  }, [pending, previous, api, t]);

  return contextHolder;
}
