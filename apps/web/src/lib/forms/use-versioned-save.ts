import type { FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, isConflict, showFieldErrors } from '@/lib/forms/api-failure';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';

// Its notice of a reloaded record is one of the console's words.
registerTexts(systemTexts);

interface VersionedSaveOptions<Values, Record> {
  form: FormInstance<Values>;
  /** The record being edited, or null for a new one. */
  record: Record | null;
  /** The form's fields, so the server's field errors land beside them. */
  fields: readonly string[];
  /** Sends the values (a create, or an edit at `current`'s version). */
  submit(values: Values, current: Record | null): Promise<void>;
  /** The record as it is now, after a save lost to someone else's (undefined: not found). */
  reload(current: Record): Promise<Record | undefined>;
  /** Puts a reloaded record into the form (and any state beside it). */
  show(fresh: Record): void;
}

/**
 * The save of every console dialog (one way, issue 12): validate, send once
 * however often the button is pressed, show the server's field errors beside their
 * fields, and when someone else changed the record first (040009) say so and load
 * their version, so nothing is overwritten unseen. `current` is the version the
 * form holds: the one read, or the one reloaded.
 */
export function useVersionedSave<Values, Record>(options: VersionedSaveOptions<Values, Record>) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Record | null>(options.record);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);

  async function save() {
    if (busy.current) return;
    busy.current = true;
    try {
      let values: Values;
      try {
        values = await options.form.validateFields();
      } catch {
        return;
      }
      setSaving(true);
      setFailure(null);
      try {
        await options.submit(values, current);
      } catch (error) {
        if (showFieldErrors(options.form, error, options.fields)) return;
        const message = failureMessage(error, t('error.server'));
        setFailure(message);
        if (isConflict(error) && current) {
          const fresh = await options.reload(current).catch(() => undefined);
          if (fresh) {
            setCurrent(fresh);
            options.show(fresh);
            setFailure(`${message} ${t('system.common.reloaded')}`);
          }
        }
      }
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return { current, failure, saving, save };
}
