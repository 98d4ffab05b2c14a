import { ErrorCode } from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/http/api-error';
import { createFeature } from '../api/create-feature';
import { deleteFeature } from '../api/delete-feature';
import { updateFeature } from '../api/update-feature';
import type { MapEditor, PendingChanges } from '../lib/map-editor';
import { gisKeys } from '../api/query-keys';

/**
 * Sends the editor's changes one by one: deletions, updates, then new
 * features. A failure stops the run (the HTTP client has shown why); what was
 * saved stays saved and the rest stays pending.
 */
export function useSaveChanges(editor: MapEditor | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async ({ editor, changes }: { editor: MapEditor; changes: PendingChanges }) => {
      let count = 0;
      try {
        for (const feature of changes.deletes) {
          const payload = editor.payloadOf(feature);
          try {
            await deleteFeature({ id: payload.id!, version: payload.version! });
          } catch (error) {
            // Already gone is what the user wanted.
            if (!(error instanceof ApiError && error.code === ErrorCode.NOT_FOUND)) throw error;
          }
          editor.markDeleted(feature);
          count += 1;
        }
        for (const feature of changes.updates) {
          const payload = editor.payloadOf(feature);
          editor.markSaved(
            feature,
            await updateFeature({ ...payload, id: payload.id!, version: payload.version! }),
          );
          count += 1;
        }
        for (const feature of changes.creates) {
          const { id: _id, version: _version, ...payload } = editor.payloadOf(feature);
          editor.markSaved(feature, await createFeature(payload));
          count += 1;
        }
        toast.success({ content: t('map.savedCount', { count }), key: 'map-saved' });
      } catch {
        // The HTTP client already told the user; the unsaved rest stays pending.
      } finally {
        editor.refresh();
      }
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: gisKeys.all }),
  });
  const saving = run.isPending;
  const { mutateAsync } = run;

  const save = useCallback(async () => {
    if (!editor || saving) return;
    const changes = editor.pendingChanges();
    const unnamed = changes.creates
      .concat(changes.updates)
      .find((feature) => !String(feature.get('name') ?? '').trim());
    if (unnamed) {
      editor.reveal(unnamed);
      toast.warning({ content: t('map.nameMissing') });
      return;
    }
    await mutateAsync({ editor, changes });
  }, [editor, mutateAsync, saving, t]);

  return { save, saving };
}
