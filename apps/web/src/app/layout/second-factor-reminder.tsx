import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecondFactorDialog } from '@/features/profile/lib/second-factor-dialog-store';
import { useUserStore } from '@/stores/user-store';

/**
 * While a role of the user asks for a second factor and none is set up (issue 13),
 * every page says so, with the way to set it up.
 */
export function SecondFactorReminder() {
  const { t } = useTranslation();
  const due = useUserStore((state) => state.userData?.secondFactorDue === true);
  if (!due) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      style={{ marginBottom: 12 }}
      title={t('shell.secondFactorDue')}
      action={
        <Button size="small" onClick={() => useSecondFactorDialog.getState().show()}>
          {t('shell.secondFactorSetUp')}
        </Button>
      }
    />
  );
}
