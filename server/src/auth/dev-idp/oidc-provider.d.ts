/** The part of oidc-provider 9 (which ships no types) that the development provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface ProviderContext {
    host: string;
    type: string;
    body: unknown;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }

  export type InteractionResult =
    { login: { accountId: string } } | { consent: { grantId: string } } | { error: string; error_description?: string };

  export default class Provider {
    constructor(issuer: string, configuration?: object);
    proxy: boolean;
    readonly issuer: string;
    Grant: {
      new (properties: { clientId: string; accountId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: InteractionResult): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
