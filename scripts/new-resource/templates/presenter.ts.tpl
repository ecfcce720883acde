import type { {{Singular}}Row } from '{{import:dbSchema}}';
import type { {{Singular}}Resource } from '{{import:schemas}}';

/** A row of {{name}} as the API answers it (pure: what the table stores → what the API says). */
export function present{{Singular}}(row: {{Singular}}Row): {{Singular}}Resource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
