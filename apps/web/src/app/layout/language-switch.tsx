import { GlobalOutlined } from '@ant-design/icons';
import type { Language } from '@cityops/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n';
import { useAppStore } from '@/stores/app-store';

/**
 * Switches between the two interface languages; antd's locale and the menu
 * titles follow. The button names the language it switches to, in that language.
 */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  const next: Language = language === 'en' ? 'zh-CN' : 'en';
  return (
    <Button
      type="text"
      icon={<GlobalOutlined aria-hidden />}
      title={t('shell.switchLanguage')}
      lang={next}
      style={dark ? { color: '#fff' } : undefined}
      onClick={() => {
        setLanguage(next);
        void changeLanguage(next);
      }}
    >
      {t(`common.languages.${next}`)}
    </Button>
  );
}
