import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { consoleRules } from '@/lib/forms/form-rules';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';

registerTexts(systemTexts);

/**
 * A console record's two names in a form (`name`, `nameEn`): the Chinese one
 * required, the English one optional (left blank, the Chinese name stands in for
 * it), both checked with the server's rules. Fill them with `nameValues(record)`
 * and send them with `trimmedNames(values)` (`lib/local-name.ts`).
 */
export function BilingualNameFields() {
  const { t } = useTranslation();
  const rules = consoleRules(t);
  return (
    <>
      <Form.Item name="name" label={t('system.common.name')} rules={rules.title}>
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="nameEn"
        label={t('system.common.nameEn')}
        rules={rules.nameEn}
        extra={t('system.common.nameEnHelp')}
      >
        <Input maxLength={128} autoComplete="off" lang="en" />
      </Form.Item>
    </>
  );
}
