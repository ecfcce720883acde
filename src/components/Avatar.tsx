import MuiAvatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { avatarUrl, initials } from '../lib/avatarUrl';
import { usePublicConfig } from '../lib/publicConfig';

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

export function Avatar({ name, path, src, size = 40, decorative = false, sx }: AvatarProps) {
  const { data: config } = usePublicConfig();
  const url = src || (path ? avatarUrl(path, config?.avatar_host) : undefined);
  return (
    <MuiAvatar
      src={url}
      alt={decorative ? '' : name}
      aria-hidden={decorative || undefined}
      role={url || decorative ? undefined : 'img'}
      aria-label={url || decorative ? undefined : name}
      sx={[
        { width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', color: '#fff', '& [data-initials]::before': { content: 'attr(data-initials)' } },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      {/*
       * Beside a written name the initials are drawn, not written: as text they would become part
       * of the visible label of the control around them, which no longer matches its name.
       */}
      {decorative ? <span data-initials={initials(name)} /> : initials(name)}
    </MuiAvatar>
  );
}

export default Avatar;
