import { Link, Stack } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { SideCard } from './SideCard';
import { NEW_TAB_NOTE, VisuallyHidden } from './VisuallyHidden';

const INCUBATOR_SITE = 'https://www.2i3t.it';

export const PROMO_LINKS = [
  { label: 'Percorso di incubazione', href: `${INCUBATOR_SITE}/percorso-di-incubazione/` },
  { label: 'Percorso di fundraising', href: `${INCUBATOR_SITE}/percorso-di-fundraising/` },
  { label: 'Tecnonidi', href: `${INCUBATOR_SITE}/tecnonidi/` },
] as const;

/** The incubator's programmes, on its own site (new tab). */
export function PromoLinks() {
  return (
    <SideCard title="Scopri l'incubatore">
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {PROMO_LINKS.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              underline="hover"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
            >
              {link.label}
              <OpenInNew fontSize="inherit" aria-hidden="true" />
              <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
            </Link>
          </li>
        ))}
      </Stack>
    </SideCard>
  );
}
