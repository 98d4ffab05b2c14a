import { SYSTEM_PAGE_SIZE, type PermissionCode, type Refusal } from '@cityops/contract';
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Input,
  Modal,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '@/lib/access/access';
import { registerTexts } from '@/lib/i18n';
import { listTotalText } from '@/lib/list-total';
import { scaledPx } from '@/lib/root-font-size';
import { toast } from '@/lib/toast';
import { systemTexts } from '@/locales/system-texts';
import styles from './console-list-page.module.css';
import { RefusalNote } from './refusal-note';

registerTexts(systemTexts);

/** One button of a row's actions column; named with the row (`Edit role 文书`) for screen readers. */
export interface RowAction {
  key: string;
  /** The word on the button. */
  label: string;
  /** The button's accessible name, which names the row. */
  ariaLabel: string;
  danger?: boolean;
  /** Opens a dialog (it says so to assistive technology). */
  opensDialog?: boolean;
  onClick?(): void;
  /**
   * Asked before it happens (a delete, a new secret): `run` on OK, then the `done`
   * toast; a refusal has been shown by the HTTP client and leaves the list as it is.
   */
  confirm?: {
    title: string;
    content: string;
    okText: string;
    run(): Promise<unknown>;
    done?: string;
  };
}

/** The list's query, as TanStack Query has it: the table follows its loading and failure. */
interface ListState {
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

export interface ConsoleListPageProps<Row extends object> {
  /** The heading's id; the page's landmark is labelled by it. */
  id: string;
  heading: string;
  /** The create button, shown to holders of `code` only. */
  create?: { label: string; code: PermissionCode; onClick(): void };
  /** More buttons beside the create button (import, export), each guarded by the screen. */
  toolbar?: ReactNode;
  /**
   * A keyword search: `live` filters as the person types (a list read whole), else
   * on Enter or the search button (a search on the server). A screen with several
   * filters passes its own `ConsoleSearchForm` as `searchBar` instead.
   */
  search?: { label: string; placeholder?: string; live?: boolean; onSearch(value: string): void };
  searchBar?: ReactNode;
  list: ListState;
  rows: readonly Row[];
  rowKey: keyof Row & string;
  columns: TableProps<Row>['columns'];
  /** The row actions column; left out without it (a reader without the write code). */
  rowActions?: (row: Row) => (RowAction | false | null | undefined)[];
  /**
   * What the access policy refuses on a row (the server's `refusal`), said after its
   * actions with the reason (issue 31): `label` names what is refused.
   */
  rowRefusal?: (row: Row) => { label: string; refusal: Refusal } | undefined;
  /** The table's accessible name and what it says when empty. */
  tableLabel: string;
  emptyText: string;
  /** A paged list; without it every row shows. */
  pagination?: {
    pageIndex: number;
    pageSize: number;
    total: number;
    /**
     * False when the server's count stopped at its limit (the contract's
     * `pageTotalShape`): the total shown is "more than" it, in both languages.
     */
    totalExact: boolean;
    totalText(count: number): string;
    /** The page sizes offered; none: the size is fixed. */
    sizes?: number[];
    onChange(paging: { pageIndex: number; pageSize: number }): void;
  };
  /**
   * A tree table: the rows (by `rowKey`) that start open. The person closes and
   * opens each; a row that appears later starts open too.
   */
  openRows?: readonly Key[];
  /** Told when the person opens a row (a tree read a level at a time loads it). */
  onRowOpen?(row: Row): void;
  /** Anything else of the table's (sorting). */
  tableProps?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'rowKey' | 'pagination'>;
  /** The page's dialogs and drawers. */
  children?: ReactNode;
}

/**
 * The list screen of the console (roles, units, menus, subsystems, users): the
 * heading with the create button its permission code guards, a search, the table
 * with its loading, empty and failed states, paging, and the row actions, a
 * delete asked for first. Every word comes from the screen's texts or the
 * console's common ones (`system.common.*`), in both languages.
 */
export function ConsoleListPage<Row extends object>(props: ConsoleListPageProps<Row>) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const { list, pagination, rowActions, rowRefusal, search, openRows } = props;
  // What the person opened or closed, over what starts open.
  const [toggled, setToggled] = useState<ReadonlyMap<Key, boolean>>(new Map());

  function confirm(action: RowAction) {
    const asked = action.confirm!;
    void modal.confirm({
      title: asked.title,
      content: asked.content,
      okText: asked.okText,
      cancelText: t('system.common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await asked.run();
          if (asked.done) toast.success({ content: asked.done });
        } catch {
          // The HTTP client has shown why.
        }
      },
    });
  }

  const columns: TableProps<Row>['columns'] = rowActions
    ? [
        ...(props.columns ?? []),
        {
          key: 'actions',
          title: t('system.common.actions'),
          render: (_, row) => {
            const refused = rowRefusal?.(row);
            return (
              <Space size={0} wrap>
                {rowActions(row).map(
                  (action) =>
                    action && (
                      <Button
                        key={action.key}
                        type="link"
                        size="small"
                        danger={action.danger}
                        aria-label={action.ariaLabel}
                        aria-haspopup={action.opensDialog ? 'dialog' : undefined}
                        onClick={() => (action.confirm ? confirm(action) : action.onClick?.())}
                      >
                        {action.label}
                      </Button>
                    ),
                )}
                {refused && <RefusalNote label={refused.label} refusal={refused.refusal} />}
              </Space>
            );
          },
        },
      ]
    : props.columns;

  return (
    <section aria-labelledby={props.id}>
      {modalHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id={props.id} style={{ margin: 0 }}>
          {props.heading}
        </Typography.Title>
        {(props.toolbar || props.create) && (
          // Flex, not Space: a hidden action leaves no empty slot behind.
          <Flex wrap gap={8}>
            {props.toolbar}
            {props.create && (
              <Access code={props.create.code}>
                <Button
                  type="primary"
                  icon={<PlusOutlined aria-hidden />}
                  aria-haspopup="dialog"
                  onClick={props.create.onClick}
                >
                  {props.create.label}
                </Button>
              </Access>
            )}
          </Flex>
        )}
      </Flex>
      {search && (
        <div role="search" aria-label={search.label} style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label={search.label}
            placeholder={search.placeholder ?? search.label}
            allowClear
            enterButton={search.live ? undefined : t('system.common.search')}
            style={{ maxWidth: scaledPx(360) }}
            onChange={search.live ? (event) => search.onSearch(event.target.value) : undefined}
            onSearch={(value) => search.onSearch(value)}
          />
        </div>
      )}
      {props.searchBar}
      {list.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('system.common.loadFailed')}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('system.common.retry')}
            </Button>
          }
        />
      )}
      <Table<Row>
        {...props.tableProps}
        rowKey={props.rowKey}
        aria-label={props.tableLabel}
        columns={columns}
        dataSource={props.rows}
        loading={list.isFetching}
        // As wide as the page, the cells' text wrapping to fit: at 1366x768 in the shell's
        // frame a table as wide as its longest lines put the last columns under the fixed
        // actions column and the registry's actions behind a scrollbar (issue 31). Only
        // what cannot wrap scrolls.
        scroll={{ x: true }}
        tableLayout="auto"
        className={styles.table}
        {...(openRows && {
          expandable: {
            expandedRowKeys: [
              ...openRows.filter((key) => toggled.get(key) ?? true),
              ...[...toggled]
                .filter(([key, open]) => open && !openRows.includes(key))
                .map(([key]) => key),
            ],
            onExpand: (open: boolean, row: Row) => {
              setToggled((current) => new Map(current).set(row[props.rowKey] as Key, open));
              if (open) props.onRowOpen?.(row);
            },
          },
        })}
        locale={{ emptyText: <Empty description={props.emptyText} /> }}
        pagination={
          pagination
            ? {
                current: pagination.pageIndex,
                pageSize: pagination.pageSize,
                total: pagination.total,
                showTotal: (total) =>
                  listTotalText(total, pagination.totalExact, pagination.totalText),
                ...(pagination.sizes
                  ? { showSizeChanger: true, pageSizeOptions: pagination.sizes }
                  : {}),
              }
            : false
        }
        onChange={(next, filters, sorter, extra) => {
          if (pagination && extra.action === 'paginate') {
            const pageSize = next.pageSize ?? SYSTEM_PAGE_SIZE;
            // A new page size starts again at its first page.
            pagination.onChange({
              pageIndex: pageSize === pagination.pageSize ? (next.current ?? 1) : 1,
              pageSize,
            });
          }
          props.tableProps?.onChange?.(next, filters, sorter, extra);
        }}
      />
      {props.children}
    </section>
  );
}
