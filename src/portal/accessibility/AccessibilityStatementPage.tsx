import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '../../routing/Link';
import { documentTitle } from '../../components/documentTitle';
import { translateApp } from '../../routing/translateApp';
import { VisuallyHidden } from '../team/VisuallyHidden';
import { REPORT_PATH } from './paths';
import { PublicPageShell } from './PublicPageShell';
import { addMessages } from '../../i18n';
import { statementMessages } from '../../i18n/statement';

addMessages({ app: { a11y: { statement: statementMessages } } });

/** When the statement was written and last reviewed (it changes with every review). */
export const STATEMENT_DATE = '2026-11-23';
/** AgID's page of the Difensore civico per il digitale, where the enforcement procedure starts. */
export const ENFORCEMENT_URL = 'https://www.agid.gov.it/it/agenzia/difensore-civico-il-digitale';

const t = (key: string, options?: Record<string, unknown>) => translateApp(`app.a11y.statement.${key}`, options);

const NOT_ACCESSIBLE = ['not_accessible_third_party', 'not_accessible_captions', 'not_accessible_crop'] as const;

function Section({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="h2" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * /accessibilita, public: the accessibility statement in the structure of AgID's model —
 * conformance status, what is not accessible and why, when and how it was evaluated, the feedback
 * mechanism (answered within 30 days) and the enforcement procedure.
 */
export default function AccessibilityStatementPage() {
  const title = t('title');
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  const date = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' }).format(
    new Date(`${STATEMENT_DATE}T12:00:00Z`),
  );

  return (
    <PublicPageShell>
      <Paper variant="outlined" sx={{ maxWidth: 860, mx: 'auto', p: { xs: 2, md: 4 } }}>
        <Typography variant="h1">{title}</Typography>
        <Typography sx={{ mt: 2 }}>{t('intro')}</Typography>

        <Section id="stato" heading={t('status_heading')}>
          <Typography>{t('status')}</Typography>
        </Section>

        <Section id="non-accessibili" heading={t('not_accessible_heading')}>
          <Typography>{t('not_accessible_intro')}</Typography>
          <Box component="ul" data-testid="not-accessible" sx={{ pl: 3 }}>
            {NOT_ACCESSIBLE.map((key) => (
              <li key={key}>
                <Typography>{t(key)}</Typography>
              </li>
            ))}
          </Box>
        </Section>

        <Section id="redazione" heading={t('preparation_heading')}>
          <Typography>{t('preparation_date', { date })}</Typography>
          <Typography sx={{ mt: 1 }}>{t('preparation_method')}</Typography>
        </Section>

        <Section id="feedback" heading={t('feedback_heading')}>
          <Typography>{t('feedback')}</Typography>
          <Typography sx={{ mt: 1 }}>
            <Link component={RouterLink} to={REPORT_PATH} sx={{ fontWeight: 600 }}>
              {t('feedback_link')}
            </Link>
          </Typography>
        </Section>

        <Section id="attuazione" heading={t('enforcement_heading')}>
          <Typography>{t('enforcement')}</Typography>
          <Typography sx={{ mt: 1 }}>
            <Link href={ENFORCEMENT_URL} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
              {t('enforcement_link')}
              <VisuallyHidden>{` ${translateApp('app.a11y.new_tab')}`}</VisuallyHidden>
            </Link>
          </Typography>
        </Section>
      </Paper>
    </PublicPageShell>
  );
}
