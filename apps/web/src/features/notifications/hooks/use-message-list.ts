import { MESSAGE_PAGE_SIZE, type Message, type Page } from '@cityops/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getMessagePage } from '../api/get-message-page';
import { markAllRead } from '../api/mark-all-read';
import { updateRead } from '../api/update-read';
import { type MessageView, toMessageView } from '../lib/parse-message';

export interface MessageListState {
  rows: MessageView[];
  /** Unread messages on the server: the bell's count. */
  total: number;
  loading: boolean;
  /** More pages exist (spec: "load more" shows while they do). */
  hasMore: boolean;
}

function merge(current: MessageView[], incoming: MessageView[], atTop: boolean): MessageView[] {
  const known = new Set(current.map((row) => row.id));
  const fresh = incoming.filter((row) => !known.has(row.id));
  return atTop ? [...fresh, ...current] : [...current, ...fresh];
}

/**
 * The bell's list (docs/notifications.md): page 1 on start, "load more",
 * clicking marks read and removes, "all read", page 1 again when the list
 * empties, and a refresh when the live count says something changed.
 */
export function useMessageList(userId: string | undefined) {
  const [state, setState] = useState<MessageListState>({
    rows: [],
    total: 0,
    loading: true,
    hasMore: false,
  });
  const current = useRef(state);
  useEffect(() => {
    current.current = state;
  }, [state]);
  /**
   * The count as the server last gave it, kept here as soon as an answer lands
   * (the state's copy follows a render later), and the reads still on their way:
   * the live count of a read of ours can arrive before the read's own answer.
   */
  const knownTotal = useRef(0);
  const pendingReads = useRef(0);

  const applyFirstPage = useCallback((page: Page<Message>, mode: 'replace' | 'mergeTop') => {
    knownTotal.current = page.total;
    const rows = page.rows.map(toMessageView);
    setState((s) => {
      const merged = mode === 'replace' ? rows : merge(s.rows, rows, true);
      return {
        rows: merged,
        total: page.total,
        loading: false,
        hasMore: merged.length < page.total,
      };
    });
  }, []);

  const loadFirstPage = useCallback(
    async (mode: 'replace' | 'mergeTop') => {
      setState((s) => ({ ...s, loading: true }));
      try {
        applyFirstPage(await getMessagePage(1, userId), mode);
      } catch {
        setState((s) => ({ ...s, loading: false }));
      }
    },
    [userId, applyFirstPage],
  );

  useEffect(() => {
    let cancelled = false;
    getMessagePage(1, userId).then(
      (page) => {
        if (!cancelled) applyFirstPage(page, 'replace');
      },
      () => {
        if (!cancelled) setState((s) => ({ ...s, loading: false }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userId, applyFirstPage]);

  const loadMore = useCallback(async () => {
    const { rows } = current.current;
    // Rows removed by clicks shift the server's pages: start at the page holding the
    // first row not shown yet, drop the rows already listed, and take the next page
    // too when that left less than a page of new ones.
    let pageIndex = Math.floor(rows.length / MESSAGE_PAGE_SIZE) + 1;
    setState((s) => ({ ...s, loading: true }));
    try {
      let known = rows;
      let page = await getMessagePage(pageIndex, userId);
      let merged = merge(known, page.rows.map(toMessageView), false);
      if (merged.length - known.length < MESSAGE_PAGE_SIZE && pageIndex < page.pages) {
        known = merged;
        pageIndex += 1;
        page = await getMessagePage(pageIndex, userId);
        merged = merge(known, page.rows.map(toMessageView), false);
      }
      const total = page.total;
      knownTotal.current = total;
      setState((s) => {
        // Only the new rows: one clicked away meanwhile must not come back.
        const next = merge(s.rows, merged.slice(rows.length), false);
        return { rows: next, total, loading: false, hasMore: next.length < total };
      });
    } catch {
      setState((s) => ({ ...s, loading: false }));
    }
  }, [userId]);

  /** Marks read, removes it, takes the server's new count; page 1 again when the list is empty. */
  const markRead = useCallback(
    async (id: string) => {
      pendingReads.current += 1;
      let unread: number;
      try {
        ({ unread } = await updateRead(id));
      } finally {
        pendingReads.current -= 1;
      }
      knownTotal.current = unread;
      const remaining = current.current.rows.filter((row) => row.id !== id);
      setState((s) => {
        const rows = s.rows.filter((row) => row.id !== id);
        return { ...s, rows, total: unread, hasMore: rows.length < unread };
      });
      if (remaining.length === 0) await loadFirstPage('replace');
    },
    [loadFirstPage],
  );

  const markAll = useCallback(async () => {
    await markAllRead();
    await loadFirstPage('replace');
  }, [loadFirstPage]);

  /**
   * The live count differs from ours: new messages came, or some were read
   * elsewhere. A count our own reads in flight explain changes nothing (reloading
   * page 1 then would drop the pages loaded with "load more").
   */
  const onLiveUnread = useCallback(
    (unread: number) => {
      const total = knownTotal.current;
      if (unread === total) return;
      if (unread < total && unread >= total - pendingReads.current) return;
      void loadFirstPage(unread > total ? 'mergeTop' : 'replace');
    },
    [loadFirstPage],
  );

  return { ...state, loadMore, markRead, markAll, onLiveUnread, reload: loadFirstPage };
}
