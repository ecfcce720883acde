import { expect, test } from './fixtures';
import { confirm, openDialog, rowWith, searchFor, unique } from './support/admin';

/** {{pageTitle}}: the section of {{many}} in the browser, from its menu item to a deletion. */
test('an administrator opens {{labelPlural}} from the menu, creates one, finds it, edits it and deletes it', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  await page.goto('/admin');
  const menu = page.getByRole('menu').or(page.locator('.RaMenu-open, .RaMenu-root')).first();
  await menu.getByRole('menuitem', { name: {{q:labelPlural}}, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/{{name}}$/);
  await expect(page.getByRole('heading', { level: 1, name: {{q:pageTitle}} })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: {{q:all}} })).toBeVisible();

  await page.getByRole('button', { name: {{q:new}} }).click();
  const create = openDialog(page, {{q:new}});
  const name = unique('Prova');
  await create.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await create.getByRole('textbox', { name: /^Descrizione/ }).fill('Scritta dal test');
  await create.getByRole('button', { name: 'Crea' }).click();
  await expect(create).toBeHidden();

  await searchFor(page, name);
  await expect(rowWith(page, name)).toContainText('Scritta dal test');

  await rowWith(page, name)
    .getByRole('button', { name: /^Modifica/ })
    .click();
  const edit = openDialog(page, {{q:edit}});
  await expect(edit.getByRole('textbox', { name: /^Descrizione/ })).toHaveValue('Scritta dal test');
  await edit.getByRole('textbox', { name: /^Descrizione/ }).fill('Cambiata dal test');
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(edit).toBeHidden();
  await expect(rowWith(page, name)).toContainText('Cambiata dal test');

  await rowWith(page, name)
    .getByRole('button', { name: /^Elimina/ })
    .click();
  await confirm(page);
  await expect(page.getByText({{q:none}})).toBeVisible();
});
