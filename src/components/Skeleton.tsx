import { keyframes, styled } from '@mui/material/styles';

/*
 * The grey placeholder MUI's Skeleton draws while a page's first data loads (same colour, shape
 * and pulse), for the two shapes the portal uses: in the header of every page, it costs a few
 * lines rather than MUI's variants and wave animation.
 */
const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

export interface SkeletonProps {
  /** `text`: one line of text (the box is drawn at 60 % of the line's height); `rounded`: a block. */
  variant: 'text' | 'rounded';
  width?: number | string;
  height?: number | string;
}

const Bone = styled('span', { shouldForwardProp: (prop) => prop !== 'variant' })<{ variant: SkeletonProps['variant'] }>(
  ({ theme, variant }) => ({
    display: 'block',
    backgroundColor: theme.alpha(theme.palette.text.primary, 0.11),
    borderRadius: theme.shape.borderRadius,
    animation: `${pulse} 2s ease-in-out 0.5s infinite`,
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
    ...(variant === 'text' && { transformOrigin: '0 55%', transform: 'scale(1, 0.60)' }),
  }),
);

/** A placeholder: hidden from assistive technology (the region around it says what is loading). */
export function Skeleton({ variant, width, height }: SkeletonProps) {
  return <Bone variant={variant} aria-hidden style={{ width, height }} />;
}
