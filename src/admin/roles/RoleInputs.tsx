import { CheckboxGroupInput, required, TextInput, usePermissions, useRecordContext } from 'react-admin';
import { DEVELOPER } from '../../authProvider/canAccess';
import { SkeletonCards } from '../common/CardGrid';
import { usePermissionCatalogue } from './usePermissionCatalogue';

/** Permission names from what the form holds: names, or `{name, description}` as the API answers. */
export function toPermissionNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => (item && typeof item === 'object' ? (item as { name?: unknown }).name : item))
    .filter((name): name is string => typeof name === 'string');
}

export function toRoleBody(data: Record<string, unknown>) {
  return { name: data.name, description: data.description, permissions: toPermissionNames(data.permissions) };
}

/**
 * The role editor: name, description and the permissions as checkboxes, each labelled by what it
 * allows in Italian, with its catalogue name after it for who needs to match it. A role's
 * permissions are set only by someone who holds every one of them ("developer" passes every check,
 * so only a developer may tick or untick it); the server refuses anyone else. So the boxes of
 * permissions the editor lacks are disabled, all of them on a role that already holds one, and the
 * form says why.
 */
export function RoleInputs() {
  const { data: catalogue, isPending } = usePermissionCatalogue();
  const { permissions } = usePermissions<string[]>();
  const record = useRecordContext();
  const isDeveloper = (permissions ?? []).includes(DEVELOPER);
  const holds = (name: string) => isDeveloper || (permissions ?? []).includes(name);
  const roleBeyondEditor = toPermissionNames(record?.permissions).some((name) => !holds(name));
  const helper = isDeveloper
    ? undefined
    : roleBeyondEditor
      ? 'resources.roles.page.role_beyond_editor'
      : 'resources.roles.page.own_permissions_only';
  return (
    <>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" validate={required()} multiline minRows={2} />
      {isPending ? (
        <SkeletonCards />
      ) : (
        <CheckboxGroupInput
          source="permissions"
          format={toPermissionNames}
          choices={(catalogue ?? []).map((permission) => ({
            id: permission.name,
            name:
              permission.description && permission.description !== permission.name
                ? `${permission.description} (${permission.name})`
                : permission.name,
            disabled: roleBeyondEditor || !holds(permission.name),
          }))}
          helperText={helper}
          row={false}
          sx={{ '& .MuiFormGroup-root': { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } }}
        />
      )}
    </>
  );
}
