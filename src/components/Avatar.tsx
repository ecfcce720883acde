import { useState } from 'react';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { avatarUrl, initials } from './avatarUrl';
import { usePublicConfig } from '../config/publicConfig';

export interface AvatarProps {
  /** Who or what the picture shows: the alt text, and the initials when there is no picture. */
  name: string;
  /** A user's avatar path: the provider's host is prefixed unless it is a full https address. */
  path?: string | null;
  /** A ready URL (e.g. a team logo served by the API). */
  src?: string | null;
  size?: number;
  /** The name is already written next to the picture: hide it from assistive technology. */
  decorative?: boolean;
  sx?: SxProps<Theme>;
}

/*
 * The round picture MUI's Avatar draws (a picture, else the initials), in a few lines of its own:
 * it is in the header of every portal page, and MUI's brings its slot machinery along.
 */
const Circle = styled('span')(({ theme }) => ({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: '50%',
  fontFamily: theme.typography.fontFamily,
  lineHeight: 1,
  userSelect: 'none',
  backgroundColor: theme.palette.primary.main,
  color: '#fff',
  '& > img': { width: '100%', height: '100%', objectFit: 'cover', textAlign: 'center', color: 'transparent' },
  '& [data-initials]::before': { content: 'attr(data-initials)' },
}));

export function Avatar({ name, path, src, size = 40, decorative = false, sx }: AvatarProps) {
  const { data: config } = usePublicConfig();
  // A path means nothing before the configuration names its host: the initials show meanwhile,
  // rather than a request for the path relative to the page.
  const url = src || (path && config ? avatarUrl(path, config.avatar_host) : undefined);
  // A picture that fails to load gives way to the initials (until the address changes).
  const [failed, setFailed] = useState<string>();
  const picture = url && url !== failed ? url : undefined;
  return (
    <Circle
      aria-hidden={decorative || undefined}
      role={picture || decorative ? undefined : 'img'}
      aria-label={picture || decorative ? undefined : name}
      sx={[{ width: size, height: size, fontSize: size * 0.4 }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}
    >
      {picture ? (
        <img src={picture} alt={decorative ? '' : name} onError={() => setFailed(picture)} />
      ) : decorative ? (
        // Beside a written name the initials are drawn, not written: as text they would become part
        // of the visible label of the control around them, which no longer matches its name.
        <span data-initials={initials(name)} />
      ) : (
        initials(name)
      )}
    </Circle>
  );
}
