import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'ra-core';
import { SideCard } from './SideCard';
import { VisuallyHidden } from './VisuallyHidden';

const INCUBATOR_SITE = 'https://www.2i3t.it';

export const PROMO_LINKS = [
  { label: 'app.team.promo.incubation', href: `${INCUBATOR_SITE}/percorso-di-incubazione/` },
  { label: 'app.team.promo.fundraising', href: `${INCUBATOR_SITE}/percorso-di-fundraising/` },
  { label: 'app.team.promo.tecnonidi', href: `${INCUBATOR_SITE}/tecnonidi/` },
] as const;

/** The incubator's programmes, on its own site (new tab). */
export function PromoLinks() {
  const translate = useTranslate();
  return (
    <SideCard title={translate('app.team.promo.title')}>
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
              {translate(link.label)}
              <OpenInNew fontSize="inherit" aria-hidden="true" />
              <VisuallyHidden>{` ${translate('app.a11y.new_tab')}`}</VisuallyHidden>
            </Link>
          </li>
        ))}
      </Stack>
    </SideCard>
  );
}
