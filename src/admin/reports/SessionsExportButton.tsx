import { useListContext } from 'react-admin';
import { reportsApi, SESSIONS_FILE } from './api';
import { DownloadButton } from './DownloadButton';

/**
 * "Esporta" on the sessions list: sessions.xlsx of the rows the list shows across all its pages —
 * the same search, filters and sort, no paging — with their attendance counts.
 */
export function SessionsExportButton() {
  const { filterValues, sort } = useListContext();
  return (
    <DownloadButton
      download={() => reportsApi.sessionsFile({ filter: filterValues, sort })}
      filename={SESSIONS_FILE}
      label="resources.reports.export.button"
      ariaLabel="resources.reports.export.label"
      errorMessage="resources.reports.export.error"
    />
  );
}
