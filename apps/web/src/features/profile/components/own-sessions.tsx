import type { OwnSession } from '@cityops/contract';
import { Alert, Button, Flex, Modal, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import { profileTexts } from '@/locales/profile-texts';
import { describeBrowser, signInTime } from '@/lib/sessions/session-display';
import { toast } from '@/lib/toast';
import { useEndOwnSession } from '../api/end-own-session';
import { useOwnSessions } from '../api/get-own-sessions';

registerTexts(profileTexts);

/**
 * The personal area's signed-in devices (issue 13): the caller's live sessions,
 * this one marked, and "End" on the others after a confirmation. The current
 * session is ended by signing out, not here.
 */
export function OwnSessions() {
  const { t } = useTranslation();
  const sessions = useOwnSessions();
  const end = useEndOwnSession();
  const [modal, modalHolder] = Modal.useModal();

  const addressOf = (session: OwnSession) =>
    session.ipAddress ?? t('profile.sessions.unknownAddress');

  function confirmEnd(session: OwnSession) {
    void modal.confirm({
      title: t('profile.sessions.confirmEnd'),
      content: `${describeBrowser(session.userAgent) || t('profile.sessions.unknownBrowser')} · ${addressOf(session)}`,
      okText: t('profile.sessions.end'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await end.mutateAsync(session.id);
          toast.success({ content: t('profile.sessions.ended') });
        } catch {
          // The HTTP client has shown why (the session ended meanwhile).
        }
      },
    });
  }

  // Current first, then the newest.
  const list = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt),
  );

  return (
    <section aria-labelledby="profile-sessions-title" style={{ marginTop: 8 }}>
      {modalHolder}
      <Typography.Title level={3} id="profile-sessions-title" style={{ fontSize: '1rem' }}>
        {t('profile.sessions.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('profile.sessions.description')}
      </Typography.Paragraph>
      {sessions.isError ? (
        <Alert type="warning" showIcon title={t('profile.sessions.loadFailed')} />
      ) : sessions.isPending ? (
        <Spin />
      ) : (
        <ul
          aria-labelledby="profile-sessions-title"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {list.map((session) => {
            const time = signInTime(session.createdAt);
            return (
              <li
                key={session.id}
                style={{
                  padding: '8px 0',
                  borderBottom: '1px solid var(--ant-color-split, #f0f0f0)',
                }}
              >
                <Flex justify="space-between" align="center" gap={12}>
                  <Flex vertical gap={2}>
                    <Flex gap={8} align="center" wrap>
                      <Typography.Text strong>
                        {describeBrowser(session.userAgent) || t('profile.sessions.unknownBrowser')}
                      </Typography.Text>
                      {session.current && <Tag>{t('profile.sessions.current')}</Tag>}
                    </Flex>
                    <Typography.Text type="secondary">
                      {[
                        addressOf(session),
                        t('profile.sessions.signedInAt', { time }),
                        session.lastSeenAt
                          ? t('profile.sessions.lastSeenAt', {
                              time: signInTime(session.lastSeenAt),
                            })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  </Flex>
                  {!session.current && (
                    <Button
                      size="small"
                      danger
                      aria-haspopup="dialog"
                      aria-label={t('profile.sessions.endLabel', {
                        address: addressOf(session),
                        time,
                      })}
                      onClick={() => confirmEnd(session)}
                    >
                      {t('profile.sessions.end')}
                    </Button>
                  )}
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
