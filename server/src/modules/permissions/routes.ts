import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../access/permissions.js';
import { responses } from '../../http/schemas.js';
import { PermissionListResponse, type PermissionResource } from '../roles/schemas.js';

/** The permission catalogue (server/src/access/permissions.ts): the only permissions a role can hold. */
const CATALOGUE: PermissionResource[] = Object.entries(PERMISSIONS).map(([name, description]) => ({
  name,
  description,
}));

export default async function permissionRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/permissions',
    {
      config: { permission: 'read_roles' },
      schema: { response: responses({ 200: PermissionListResponse }) },
    },
    async () => ({ data: CATALOGUE }),
  );
}
