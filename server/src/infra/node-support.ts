import releases from './node-releases.json' with { type: 'json' };

/**
 * The end of security fixes for each Node.js major (the Node.js release schedule), and the LTS
 * Percorso is built and tested for first (.nvmrc). scripts/start.mjs reads the same file.
 */
const END_OF_LIFE: Record<string, string> = releases.endOfLife;

/**
 * The start-up warning for a Node.js that no longer receives security fixes on `today`, or null.
 * Percorso still runs on it (the continuous integration keeps Node 20 working); a deployment
 * should move on.
 */
export function endOfLifeNotice(version = process.versions.node, today = new Date()): string | null {
  const major = version.replace(/^v/, '').split('.')[0]!;
  const end = END_OF_LIFE[major];
  if (!end || today.getTime() < Date.parse(`${end}T00:00:00Z`)) return null;
  const date = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(end));
  return (
    `Attenzione: Node.js ${version.replace(/^v/, '')} non riceve più aggiornamenti di sicurezza dal ${date}. ` +
    `Percorso funziona ancora, ma va eseguito con Node.js ${releases.recommended} LTS.`
  );
}
