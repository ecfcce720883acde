import { useState } from 'react';
import { useDelete, useRefresh, type RaRecord } from 'react-admin';
import { serverErrorText } from './errors';
import type { ParentMeta } from './listing';

/**
 * Deletes a module or a lesson; a refusal stays in the confirmation dialog as text (SPEC §8),
 * success closes it and reloads the list.
 */
export function useNestedDelete(resource: string, meta: ParentMeta, onDone: () => void) {
  const refresh = useRefresh();
  const [deleteOne, { isPending }] = useDelete();
  const [error, setError] = useState<string | null>(null);

  const confirm = (record: RaRecord) => {
    setError(null);
    void deleteOne(
      resource,
      { id: record.id, previousData: record, meta },
      {
        onSuccess: () => {
          refresh();
          onDone();
        },
        onError: (failure) => setError(serverErrorText(failure)),
      },
    );
  };

  return { confirm, isPending, error, clearError: () => setError(null) };
}
