import { useState } from 'react';
import { useDelete, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { apiErrorText } from '../../dataProvider/apiError';
import type { ParentMeta } from './listing';

/**
 * Deletes a module or a lesson; a refusal stays in the confirmation dialog as text (a module
 * that still has lessons, say), success closes it and reloads the list.
 */
export function useNestedDelete(resource: string, meta: ParentMeta, onDone: () => void) {
  const refresh = useRefresh();
  const translate = useTranslate();
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
        onError: (failure) => setError(apiErrorText(failure, translate('app.admin.error'))),
      },
    );
  };

  return { confirm, isPending, error, clearError: () => setError(null) };
}
