import { useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { TextInput } from '../../components/TextInput';
import { announce } from '../../components/LiveRegion';
import { apiErrorText, fieldErrors } from '../../dataProvider/apiError';
import { Notice } from '../../components/Notice';
import { usePageTitle } from '../layout/pageTitle';
import { useHasSession } from '../../authProvider/session';
import { translateApp } from '../../routing/translateApp';
import { isAnswerableEmail } from '../../../server/src/modules/users/person-rules';
import type { AccessibilityReport } from '../../../server/src/contract';
import './texts';

export const DESCRIPTION_MAX = 5000;

/** What the page keeps of the report it sent: its number and the day its answer is due. */
type Report = Pick<AccessibilityReport, 'id' | 'answer_by'>;

type Field = 'name' | 'email' | 'description' | 'page_url';
const FIELD_ORDER: Field[] = ['name', 'email', 'page_url', 'description'];
/** The server's own rule: name@domain.tld in the letters e-mail addresses use. */

/** The server's message for each field of this form, in the form's order. */
function fieldErrorsOf(error: unknown): Partial<Record<Field, string>> {
  const messages = fieldErrors(error);
  return Object.fromEntries(FIELD_ORDER.filter((field) => messages[field]).map((field) => [field, messages[field]]));
}

const t = (key: string, options?: Record<string, unknown>) => translateApp(`app.a11y.report.${key}`, options);

/**
 * /segnala-accessibilita: "Segnala un problema di accessibilità", for anyone. Someone signed in is
 * answered at their account's address; a visitor (in the public frame, VisitorReportPage) gives a
 * name and an address first. Errors (checked here, or answered by the server) move focus to the
 * first field in error; the outcome is said in the page's live region and shown where focus goes.
 */
export default function ReportProblemPage() {
  const visitor = !useHasSession();
  usePageTitle(t('title'));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [params] = useSearchParams();
  const [pageUrl, setPageUrl] = useState(params.get('from') ?? '');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState<Report | null>(null);
  const [isPending, setPending] = useState(false);
  /** A failure that is no field's: the network, the server, too many requests. */
  const [sendError, setSendError] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    page_url: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
  };
  const sentRef = useRef<HTMLParagraphElement>(null);
  const introId = useId();

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      // After the re-render that enables the fields again.
      setTimeout(() => refs[first].current?.focus(), 0);
      announce(t('failed'), 'assertive');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = description.trim();
    const local: Partial<Record<Field, string>> = {};
    if (visitor) {
      if (!name.trim()) local.name = t('name_required');
      if (!email.trim()) local.email = t('email_required');
      else if (!isAnswerableEmail(email.trim())) local.email = t('email_invalid');
    }
    if (!text) local.description = t('description_required');
    else if (text.length > DESCRIPTION_MAX) local.description = t('description_too_long', { max: DESCRIPTION_MAX });
    setSendError(null);
    if (Object.keys(local).length) return showErrors(local);
    setErrors({});
    setPending(true);
    try {
      const who = visitor ? { name: name.trim(), email: email.trim() } : {};
      // Loaded here, not with the page: a visitor's first render then needs none of the portal's
      // data layer (signed in, the layout has loaded it already).
      const { portalDataProvider: dataProvider } = await import('../portalData');
      const { data } = await dataProvider.create('accessibility-reports', {
        data: { ...who, description: text, page_url: pageUrl.trim() || null },
      });
      const report = data as unknown as Report;
      setPending(false);
      const date = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' }).format(
        new Date(report.answer_by),
      );
      setSent(report);
      setDescription('');
      announce(t('sent', { date }));
      setTimeout(() => sentRef.current?.focus(), 0);
    } catch (error) {
      setPending(false);
      const found = fieldErrorsOf(error);
      if (Object.keys(found).length) showErrors(found);
      else {
        setErrors({});
        // Shown (and said: it is an alert) above the button; the text typed stays in the form.
        setSendError(apiErrorText(error, t('send_failed')));
      }
    }
  };

  if (sent) {
    const date = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' }).format(
      new Date(sent.answer_by),
    );
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
        <Typography ref={sentRef} tabIndex={-1} sx={{ fontWeight: 600 }} data-testid="report-sent">
          {t('sent', { date })}
        </Typography>
        <Box sx={{ mt: 2 }}>
          <Button
            size="sm"
            color="outlinePrimary"
            onClick={() => {
              setSent(null);
              // The form comes back in this button's place: focus goes to its first field.
              setTimeout(() => (visitor ? refs.name : refs.page_url).current?.focus(), 0);
            }}
          >
            {t('another')}
          </Button>
        </Box>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
      {/* A visitor's page has no portal header: its title is the page's h1. */}
      <Typography variant="h2" component={visitor ? 'h1' : 'h2'} sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography id={introId} color="text.secondary" sx={{ mb: 2 }}>
        {t(visitor ? 'intro_visitor' : 'intro')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate aria-describedby={introId}>
        {visitor && (
          <>
            <TextInput
              inputRef={refs.name}
              label={t('name')}
              name="name"
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              fullWidth
              margin="normal"
              error={!!errors.name}
              helperText={errors.name}
              disabled={isPending}
            />
            <TextInput
              inputRef={refs.email}
              label={t('email')}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              fullWidth
              margin="normal"
              error={!!errors.email}
              helperText={errors.email ?? t('email_hint')}
              disabled={isPending}
            />
          </>
        )}
        <TextInput
          inputRef={refs.page_url}
          label={t('page_url')}
          name="page_url"
          value={pageUrl}
          onChange={(event) => setPageUrl(event.target.value)}
          fullWidth
          margin="normal"
          error={!!errors.page_url}
          helperText={errors.page_url ?? t('page_url_hint')}
          disabled={isPending}
        />
        <TextInput
          inputRef={refs.description}
          label={t('description')}
          name="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          required
          multiline
          minRows={5}
          fullWidth
          margin="normal"
          error={!!errors.description}
          helperText={errors.description ?? t('description_hint', { max: DESCRIPTION_MAX })}
          disabled={isPending}
        />
        {sendError && (
          <Notice severity="error" sx={{ mt: 2 }}>
            {sendError}
          </Notice>
        )}
        <Box sx={{ mt: 2 }}>
          <Button type="submit" loading={isPending}>
            {t('send')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
