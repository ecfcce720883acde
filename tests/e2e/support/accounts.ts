/** The demo accounts of the development provider (listed in README.md). */
export const DEMO_PASSWORD = 'demo';

export const DEMO_ACCOUNTS = [
  { key: 'admin', email: 'admin@example.com' },
  { key: 'dev', email: 'dev@example.com' },
  { key: 'esperto', email: 'esperto@example.com' },
  { key: 'membro', email: 'membro@example.com' },
  { key: 'ospite', email: 'ospite@example.com' },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number]['key'];

export function emailOf(account: DemoAccount): string {
  return DEMO_ACCOUNTS.find((entry) => entry.key === account)!.email;
}
