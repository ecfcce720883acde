/**
 * The Italian pages of the development provider. No inline script anywhere (strict CSP); the look
 * comes from one small stylesheet served at /idp/style.css.
 */
import { DEMO_EMAILS } from './demo-password.js';

export const STYLESHEET_PATH = '/idp/style.css';

export const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6fb;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937}
main{width:100%;max-width:400px;margin:24px;padding:32px;background:#fff;border-radius:12px;
box-shadow:0 4px 24px rgba(15,23,42,.08)}
main.wide{max-width:720px}
h1{margin:0 0 8px;font-size:1.5rem}
h2{font-size:1.1rem;margin:24px 0 8px}
p,li{line-height:1.5}
.muted{color:#6b7280;font-size:.9rem}
label{display:block;margin:16px 0 6px;font-weight:600}
input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #cbd5e1;border-radius:8px}
input:focus{outline:2px solid #2563eb;outline-offset:1px}
button{width:100%;margin-top:24px;padding:12px;font-size:1rem;font-weight:600;color:#fff;background:#2563eb;
border:0;border-radius:8px;cursor:pointer}
button:hover{background:#1d4ed8}
button.secondary{margin-top:8px;color:#1f2937;background:#e5e7eb}
button:focus-visible,a:focus-visible{outline:3px solid #1e3a8a;outline-offset:2px}
.error{margin:16px 0 0;padding:10px 12px;color:#991b1b;background:#fee2e2;border-radius:8px}
a{color:#2563eb}
code{background:#f1f5f9;padding:1px 4px;border-radius:4px}
`;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function page(title: string, body: string, wide = false): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main${wide ? ' class="wide"' : ''}>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  providerLabel: string;
  action: string;
  login?: string;
  failed?: boolean;
}

export function loginPage({ providerLabel, action, login = '', failed = false }: LoginPageOptions): string {
  return page(
    `Accedi · ${providerLabel}`,
    `<h1>Accedi</h1>
<p class="muted">${escapeHtml(providerLabel)}: provider di identità di sviluppo.</p>
${failed ? '<p class="error" role="alert">Credenziali non valide.</p>' : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="login">Email</label>
<input id="login" name="login" type="email" autocomplete="username" required autofocus value="${escapeHtml(login)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Accedi</button>
</form>
<p class="muted">Account dimostrativi (password <code>demo</code>): ${DEMO_EMAILS.map(escapeHtml).join(', ')}.</p>`,
  );
}

export function accountPage(providerLabel: string, homeUrl: string): string {
  return page(
    `Gestione profilo · ${providerLabel}`,
    `<h1>Gestione profilo</h1>
<p>Questo è il provider di identità di sviluppo di Percorso. I dati del profilo (nome, cognome, email e
immagine) sono quelli degli account dimostrativi e non possono essere modificati da qui.</p>
<p>In un'installazione reale questa pagina è quella del tuo provider di identità, dove puoi aggiornare
i tuoi dati personali e la password.</p>
<p><a href="${escapeHtml(homeUrl)}">Torna a Percorso</a></p>`,
    true,
  );
}

export function privacyPage(providerLabel: string, homeUrl: string): string {
  return page(
    `Privacy Policy · ${providerLabel}`,
    `<h1>Privacy Policy</h1>
<p class="muted">${escapeHtml(providerLabel)} — provider di identità di sviluppo</p>
<h2>Titolare del trattamento</h2>
<p>Il titolare del trattamento è l'incubatore che gestisce l'installazione di Percorso.</p>
<h2>Dati trattati</h2>
<p>Per l'accesso trattiamo il tuo indirizzo email, il nome, il cognome e l'immagine del profilo. Questi
dati vengono condivisi con Percorso solo al momento dell'accesso, per identificarti.</p>
<h2>Finalità e base giuridica</h2>
<p>I dati sono trattati esclusivamente per permetterti di accedere ai servizi del percorso di incubazione
e ai videocorsi, sulla base del rapporto che hai con l'incubatore.</p>
<h2>Conservazione</h2>
<p>I dati sono conservati per la durata della tua partecipazione al programma. Le sessioni di accesso
scadono automaticamente.</p>
<h2>I tuoi diritti</h2>
<p>Puoi chiedere in ogni momento l'accesso, la rettifica o la cancellazione dei tuoi dati scrivendo al
tuo referente presso l'incubatore.</p>
<p><a href="${escapeHtml(homeUrl)}">Torna a Percorso</a></p>`,
    true,
  );
}

export function errorPage(providerLabel: string, homeUrl: string, description: string): string {
  return page(
    `Errore · ${providerLabel}`,
    `<h1>Si è verificato un errore</h1>
<p>${escapeHtml(description)}</p>
<p><a href="${escapeHtml(homeUrl)}">Torna a Percorso</a></p>`,
  );
}

/** `form` is the provider's own hidden form (id "op.logoutForm"); the buttons submit it. */
/**
 * Percorso's own logout ends the provider session without a second question: the page confirms
 * by itself (an external script, allowed by the strict CSP); without scripts, the buttons remain.
 */
export const LOGOUT_SCRIPT_PATH = '/idp/logout.js';

export const LOGOUT_SCRIPT = `
const form = document.getElementById('op.logoutForm');
const yes = document.querySelector('button[name="logout"][value="yes"]');
if (form && yes && document.body.dataset.autoconfirm === 'yes') form.requestSubmit(yes);
`;

export function logoutPage(providerLabel: string, form: string, autoConfirm = false): string {
  const html = page(
    `Esci · ${providerLabel}`,
    `<h1>Vuoi uscire da ${escapeHtml(providerLabel)}?</h1>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Sì, esci</button>
<button type="submit" form="op.logoutForm" class="secondary">No, resta collegato</button>`,
  );
  if (!autoConfirm) return html;
  return html
    .replace('<body>', '<body data-autoconfirm="yes">')
    .replace('</body>', `<script src="${LOGOUT_SCRIPT_PATH}" defer></script>\n</body>`);
}

export function loggedOutPage(providerLabel: string, homeUrl: string): string {
  return page(
    `Disconnessione · ${providerLabel}`,
    `<h1>Disconnessione completata</h1>
<p><a href="${escapeHtml(homeUrl)}">Torna a Percorso</a></p>`,
  );
}
