import { Menu, useCanAccess, useTranslate } from 'react-admin';
import { ADMIN_MENU_ITEMS, BACK_ITEM, type AdminMenuItem } from './adminMenuItems';

function Item({ item }: { item: AdminMenuItem }) {
  const translate = useTranslate();
  const Icon = item.icon;
  return <Menu.Item to={item.to} primaryText={translate(item.label, item.labelOptions)} leftIcon={<Icon />} />;
}

function GatedItem({ item }: { item: AdminMenuItem & { access: NonNullable<AdminMenuItem['access']> } }) {
  const { canAccess } = useCanAccess(item.access);
  return canAccess ? <Item item={item} /> : null;
}

/** The back-office menu: each page's item only with its read permission, then "Torna indietro". */
export function AdminMenu() {
  const translate = useTranslate();
  return (
    <Menu aria-label={translate('app.admin.navigation')}>
      {ADMIN_MENU_ITEMS.map((item) =>
        item.access ? <GatedItem key={item.to} item={{ ...item, access: item.access }} /> : <Item key={item.to} item={item} />,
      )}
      <Item item={BACK_ITEM} />
    </Menu>
  );
}
