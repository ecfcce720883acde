/**
 * Front-end shapes of the API answers (SPEC §3). The server's TypeBox schemas are the contract;
 * these mirror them for the browser without importing server values.
 */
export type Id = number;

export interface RoleRef {
  id: Id;
  name: string;
}

export interface TeamOwner {
  id: Id;
  name: string;
  surname: string;
  email: string;
  mobile: string | null;
  avatar: string | null;
}

export interface UserTeam {
  id: Id;
  name: string;
  avatar: string | null;
  drive_url: string | null;
  owner: TeamOwner | null;
}

export interface TeamAsExpert {
  id: Id;
  name: string;
  avatar: string | null;
  sessions_as_expert: number;
}

export interface SessionAsExpert {
  id: Id;
  name: string;
  start_time: string;
  teams: Array<{ id: Id; name: string }>;
}

export type ExpertAccess = 'complete' | 'limited';

export interface User {
  id: Id;
  name: string;
  surname: string;
  email: string;
  tax_id: string | null;
  birthdate: string | null;
  created_at: string;
  avatar: string | null;
  mobile: string | null;
  /** Fraction 0..1 of lessons completed; shown as a percentage with 2 decimals. */
  courses_percentage: number;
  is_expert: boolean;
  expert_access: ExpertAccess | null;
  mooc_access: boolean;
  roles: RoleRef[];
  teams: UserTeam[];
  teams_as_expert: TeamAsExpert[];
  sessions_as_expert: SessionAsExpert[];
}

/** GET /api/config: the provider settings the SPA reads at run time. */
export interface PublicConfig {
  authorize_url: string;
  client_id: string;
  redirect_uri: string;
  /** Scopes to ask for; "openid email profile" when absent. */
  scope?: string;
  provider_label: string;
  account_url: string;
  privacy_url: string;
  avatar_host: string;
}

export interface ListMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}
