import Typography from '@mui/material/Typography';

/** An empty list's sentence, announced to assistive technology. */
export function EmptyText({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" role="status" sx={{ py: 4 }}>
      {children}
    </Typography>
  );
}
