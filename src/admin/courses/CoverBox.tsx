import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A 16:9 cover, or "Nessuna cover" in its place. */
export function CoverBox({ src, emptyText }: { src: string | null | undefined; emptyText: string }) {
  return (
    <Box
      sx={{
        aspectRatio: '16 / 9',
        width: '100%',
        bgcolor: 'grey.100',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Typography color="text.secondary" variant="body2">
          {emptyText}
        </Typography>
      )}
    </Box>
  );
}
