import { fillPath } from '@cityops/contract';
import {
  type QueryClient,
  type QueryKey,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/http/api';
import { queryParams } from '@/lib/http/query-params';

/**
 * The types of one console resource, all from the contract: a record's id, the
 * record, the list's answer and query (a page and its search, or nothing for a
 * list read whole), what a create sends and answers, what an update sends (its
 * version apart) and answers.
 */
export interface ResourceTypes {
  id: string | number;
  record: unknown;
  list: unknown;
  /** `void` for a list read whole (a tree, a short registry). */
  query: object | void;
  create: object;
  /** The update's fields; the version the record was read at travels beside them. */
  edit: object;
  created?: unknown;
  updated?: unknown;
}

type Created<T extends ResourceTypes> = T extends { created: infer C } ? C : unknown;
type Updated<T extends ResourceTypes> = T extends { updated: infer U } ? U : unknown;

export interface ConsoleResourceOptions<T extends ResourceTypes> {
  /** The collection's path in the contract (`SYSTEM_PATHS.roles`): the list and a create. */
  path: string;
  /** One record's path with its `:id` (`SYSTEM_PATHS.role`): a read, an update, a delete. */
  itemPath: string;
  /**
   * The key every list query sits below, from the feature's key factory
   * (`systemKeys.roleLists`) when other queries refresh with it; by default its own,
   * made of its path (`['console', path]`).
   */
  listKey?: () => QueryKey;
  /**
   * The key of one record's query (`systemKeys.role`); by default its own, made of its
   * path and the id. A record is read alone after a save lost to someone else's.
   */
  itemKey?: (id: T['id']) => QueryKey;
  /** A paged list keeps showing the last page while the next one loads. */
  paged?: boolean;
  /**
   * What a write makes stale. By default the lists; a resource whose names show
   * elsewhere names the feature's wider refresh (`refreshAfter(queryClient, 'role')`).
   */
  refresh?: (queryClient: QueryClient) => Promise<unknown>;
  /** The answers of a create or update carry a secret shown once: the mutation cache forgets them at once. */
  secretAnswers?: boolean;
}

/** What an update sends: the record, the version it was read at (a newer one is refused, 040009), the fields. */
export interface UpdateVariables<T extends ResourceTypes> {
  id: T['id'];
  version: number;
  input: T['edit'];
}

/** What a delete sends: the record and the version it was read at. */
export interface DeleteVariables<T extends ResourceTypes> {
  id: T['id'];
  version: number;
}

/**
 * The calls and hooks of one console resource, declared in one file from the
 * contract's path constants and types (docs/architecture.md, "Web half"):
 *
 * - `list(query)` / `useList(query)`: `GET path` (the filters through `queryParams`,
 *   empty ones dropped), keyed `[...listKey(), query]`;
 * - `get(id)` / `itemQuery(id)`: `GET itemPath`, for a dialog to read a record again
 *   after a save lost to someone else's;
 * - `useCreate()`: `POST path` as JSON; `useUpdate()`: `PUT itemPath` with the version
 *   the form read; both silent, because the dialog shows a refusal beside its fields
 *   (`useVersionedSave`), and both refresh after a failure too (a conflict means the
 *   list shows an old version);
 * - `useDelete()`: `DELETE itemPath?version=N`, not silent: the HTTP client shows why
 *   the server refused (still in use, built in).
 */
export function consoleResource<T extends ResourceTypes>(options: ConsoleResourceOptions<T>) {
  const { path, itemPath, paged = false, secretAnswers = false } = options;
  const listKey = options.listKey ?? (() => ['console', path] as const);
  const itemKey = options.itemKey ?? ((id: T['id']) => ['console', itemPath, id] as const);
  const recordPath = (id: T['id']) => fillPath(itemPath, { id: String(id) });
  const refresh = (queryClient: QueryClient) =>
    options.refresh
      ? options.refresh(queryClient)
      : queryClient.invalidateQueries({ queryKey: listKey() });
  const forget = secretAnswers ? { gcTime: 0 } : {};

  const keys = {
    /** Every list query (every page, every search). */
    lists: listKey,
    list: (query: T['query']): QueryKey => (query ? [...listKey(), query] : listKey()),
  };

  function list(query: T['query']): Promise<T['list']> {
    return api.get<T['list']>(path, query ? queryParams(query) : undefined);
  }

  function get(id: T['id']): Promise<T['record']> {
    return api.get<T['record']>(recordPath(id));
  }

  function create(input: T['create']): Promise<Created<T>> {
    return api.post<Created<T>>(
      path,
      { ...(input as Record<string, unknown>) },
      { json: true, silent: true },
    );
  }

  function update({ id, version, input }: UpdateVariables<T>): Promise<Updated<T>> {
    return api.put<Updated<T>>(recordPath(id), { ...input, version }, { silent: true });
  }

  function remove({ id, version }: DeleteVariables<T>): Promise<null> {
    return api.delete<null>(recordPath(id), { version });
  }

  const listQuery = (query: T['query']) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: () => list(query),
      ...(paged ? { placeholderData: keepPreviousData } : {}),
    });

  const itemQuery = (id: T['id']) =>
    queryOptions({ queryKey: itemKey(id), queryFn: () => get(id) });

  function useList(query: T['query'], settings: { enabled?: boolean } = {}) {
    return useQuery({ ...listQuery(query), enabled: settings.enabled ?? true });
  }

  function useCreate() {
    const queryClient = useQueryClient();
    return useMutation({ ...forget, mutationFn: create, onSettled: () => refresh(queryClient) });
  }

  function useUpdate() {
    const queryClient = useQueryClient();
    return useMutation({ ...forget, mutationFn: update, onSettled: () => refresh(queryClient) });
  }

  function useDelete() {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn: remove, onSettled: () => refresh(queryClient) });
  }

  /**
   * A dialog's save with the same fields either way: an update at the version read
   * when it edits a record, else a create. (A resource whose create sends more, as a
   * role's code, uses `useCreate` and `useUpdate`.)
   */
  function useSave() {
    const createRecord = useCreate();
    const updateRecord = useUpdate();
    return (
      editing: { id: T['id']; version: number } | null,
      input: T['edit'] & T['create'],
    ): Promise<Created<T> | Updated<T>> =>
      editing
        ? updateRecord.mutateAsync({ id: editing.id, version: editing.version, input })
        : createRecord.mutateAsync(input);
  }

  return {
    keys,
    list,
    get,
    create,
    update,
    remove,
    listQuery,
    itemQuery,
    useList,
    useCreate,
    useUpdate,
    useDelete,
    useSave,
  };
}

export type ConsoleResource<T extends ResourceTypes> = ReturnType<typeof consoleResource<T>>;
