import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import { saveBlob } from '../../components/saveBlob';

export interface DownloadButtonProps {
  /** Fetches the file. */
  download: () => Promise<Blob>;
  filename: string;
  /** Translation keys of the button text, its accessible name (optional) and the failure message. */
  label: string;
  ariaLabel?: string;
  errorMessage: string;
  disabled?: boolean;
}

/** A spreadsheet download: shows its progress, hands the file to the browser, says so when it fails. */
export function DownloadButton({ download, filename, label, ariaLabel, errorMessage, disabled }: DownloadButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(await download(), filename);
    } catch (error) {
      console.error(`${filename}: download failed`, error);
      notify(errorMessage, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      color="green"
      startIcon={<DownloadIcon />}
      loading={busy}
      disabled={disabled}
      onClick={run}
      aria-label={ariaLabel ? translate(ariaLabel) : undefined}
    >
      {translate(label)}
    </Button>
  );
}
