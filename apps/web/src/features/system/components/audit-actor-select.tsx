import { AUDIT_ACTORS_MAX_PAGE_SIZE } from '@cityops/contract';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scaledPx } from '@/lib/root-font-size';
import { useAuditActors } from '../api/search-audit-actors';

/** How long typing pauses before the accounts are asked for. */
const SEARCH_PAUSE_MS = 250;

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
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
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
        <>
          {menu}
          {actors.data?.hasMore && (
            <div style={{ padding: '4px 12px', color: 'var(--ant-color-text-secondary)' }}>
              {t('audit.actorMore', { count: AUDIT_ACTORS_MAX_PAGE_SIZE })}
            </div>
          )}
        </>
      )}
      style={{ width: scaledPx(200) }}
    />
  );
}
