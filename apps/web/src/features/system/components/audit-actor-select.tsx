import { AUDIT_ACTORS_MAX_PAGE_SIZE } from '@cityops/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupMoreNote } from '@/components/console/popup-more-note';
import { useTypedKeyword } from '@/lib/use-typed-keyword';
import { scaledPx } from '@/lib/root-font-size';
import { useAuditActors } from '../api/search-audit-actors';

/**
 * The 操作人 filter (issue 24): the auditor types the start of a name or login name and
 * picks the account; the filter is its whole login name, so the trail's read stays one
 * index range. A login name no account has (a sign-in tried with it) can still be used.
 */
export function AuditActorSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?(value: string | undefined): void;
}) {
  const { t } = useTranslation();
  const { typed, setTyped, keyword } = useTypedKeyword();
  const [open, setOpen] = useState(false);
  const actors = useAuditActors(keyword, open);
  const list = actors.data?.list ?? [];
  const options = list.map((actor) => ({
    value: actor.username,
    label: `${actor.name}（${actor.username}）`,
  }));
  const text = typed.trim();
  if (text && !list.some((actor) => actor.username.toLowerCase() === text.toLowerCase())) {
    options.push({ value: text, label: t('audit.actorByLogin', { name: text }) });
  }
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: value });
  }
  return (
    <Select
      id={id}
      allowClear
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onBlur={() => setTyped('')}
      loading={actors.isFetching}
      placeholder={t('audit.actorPlaceholder')}
      notFoundContent={actors.isFetching ? t('audit.actorSearching') : t('audit.actorNone')}
      options={options}
      popupRender={(menu) => (
        <PopupMoreNote
          note={actors.data?.hasMore && t('audit.actorMore', { count: AUDIT_ACTORS_MAX_PAGE_SIZE })}
        >
          {menu}
        </PopupMoreNote>
      )}
      style={{ width: scaledPx(200) }}
    />
  );
}
