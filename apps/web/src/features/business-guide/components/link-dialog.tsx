import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)\S+$/i;

/** Asks for a link address; only http(s), mail and phone addresses are accepted. */
export function LinkDialog({
  initial,
  onClose,
  onSubmit,
}: {
  initial: string;
  onClose(): void;
  onSubmit(href: string): void;
}) {
  const { t } = useTranslation();
  // Mounted for each use, so it starts from the link under the cursor.
  const [value, setValue] = useState(initial || 'https://');
  const [error, setError] = useState(false);

  function submit() {
    const href = value.trim();
    if (!SAFE_LINK.test(href)) {
      setError(true);
      return;
    }
    onSubmit(href);
  }

  return (
    <Modal
      open
      title={t('businessGuide.editor.link')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('businessGuide.editor.linkPrompt')}
          htmlFor="guide-link-href"
          validateStatus={error ? 'error' : undefined}
          help={error ? t('businessGuide.editor.linkInvalid') : undefined}
        >
          <Input
            id="guide-link-href"
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
