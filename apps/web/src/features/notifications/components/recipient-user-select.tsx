import { ID_LIST_LIMIT, RECIPIENT_USERS_LIMIT, type RecipientUser } from '@cityops/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupMoreNote } from '@/components/console/popup-more-note';
import { useTypedKeyword } from '@/lib/use-typed-keyword';
import { useRecipientUserSearch, useRecipientUsersById } from '../api/search-recipient-users';

export interface RecipientUserSelectProps {
  id?: string;
  value?: string[];
  onChange?(value: string[]): void;
  disabled?: boolean;
}

const labelOf = (user: RecipientUser) => `${user.name} (${user.username})`;

/**
 * The accounts a message goes to (issue 33): found on the server by the start of a
 * name or login name as the sender types, never the whole staff (a megacity has
 * 100,000). An account chosen from what was found keeps the name it was found with;
 * one chosen before (a value given to the form) is named by a read by id.
 */
export function RecipientUserSelect({ id, value, onChange, disabled }: RecipientUserSelectProps) {
  const { t } = useTranslation();
  const { typed, setTyped, keyword } = useTypedKeyword();
  const [open, setOpen] = useState(false);
  const chosen = value ?? [];
  const found = useRecipientUserSearch(keyword, open);
  const [chosenFound, setChosenFound] = useState<ReadonlyMap<string, RecipientUser>>(new Map());
  // Only the chosen accounts not chosen here are read by id, at most one read's worth.
  const unnamed = chosen.filter((userId) => !chosenFound.has(userId));
  const named = useRecipientUsersById(unnamed.slice(0, ID_LIST_LIMIT));
  const users = new Map<string, RecipientUser>(chosenFound);
  for (const user of [...(named.data?.list ?? []), ...(found.data?.list ?? [])]) {
    users.set(user.id, user);
  }
  const options = [...users.values()].map((user) => ({ value: user.id, label: labelOf(user) }));
  // Keeps a chosen account's place while its name is being read.
  for (const userId of chosen) {
    if (!users.has(userId)) options.push({ value: userId, label: userId });
  }
  return (
    <Select
      id={id}
      mode="multiple"
      value={chosen}
      disabled={disabled}
      onChange={(next: string[]) => onChange?.(next)}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onSelect={(userId: string) => {
        const user = found.data?.list.find((candidate) => candidate.id === userId);
        if (user) setChosenFound((known) => new Map(known).set(userId, user));
        setTyped('');
      }}
      loading={found.isFetching}
      placeholder={t('notifications.admin.usersPlaceholder')}
      notFoundContent={
        found.isFetching
          ? t('notifications.admin.usersSearching')
          : t('notifications.admin.usersNone')
      }
      options={options}
      popupRender={(menu) => (
        <PopupMoreNote
          note={
            found.data?.hasMore &&
            t('notifications.admin.usersMore', { count: RECIPIENT_USERS_LIMIT })
          }
        >
          {menu}
        </PopupMoreNote>
      )}
    />
  );
}
