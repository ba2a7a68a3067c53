import { expect, screenshot, test } from '../fixtures';
import { list, openDialog, row, search, toast } from '../admin/console';
import { expectNoSeriousA11yViolations } from '../axe';
import { inEnglish } from '../shell/english';

test.beforeEach(({ page }) => inEnglish(page));

const MODEL = {
  properties: [
    { identifier: 'power', name: 'Power', accessMode: 'rw', dataType: { type: 'bool', specs: { true: 'on', false: 'off' } } },
    { identifier: 'brightness', name: 'Brightness', accessMode: 'rw', dataType: { type: 'int', specs: { min: 0, max: 100, step: 1, unit: '%' } } },
  ],
  events: [{ identifier: 'overheat', name: 'Overheat', type: 'alert', outputData: [] }],
  services: [{ identifier: 'blink', name: 'Blink', callType: 'async', inputData: [], outputData: [] }],
};

test('admin adds a product with a small thing model, finds it in the list and reads its model; a wrong model names the place', async ({ page, signIn }) => {
  // Names are unique: a run of its own each time.
  const name = `Ceiling lamp ${Date.now().toString(36)}`;
  await signIn(page, 'admin', '/iot/product');
  await expect(list(page).locator('.ant-table-row, .ant-empty').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'iot-products');

  await list(page).getByTestId('list-create').click();
  const dialog = openDialog(page);
  await expect(dialog).toContainText('Add product');
  await dialog.getByLabel('Product name').fill(name);
  await dialog.getByLabel('Thing model').fill(JSON.stringify(MODEL, null, 2));
  await expectNoSeriousA11yViolations(page, 'iot-product-form');
  await screenshot(page, 'iot-product-form');

  // min above max: the server refuses and the form shows where.
  const wrong = structuredClone(MODEL);
  Object.assign(wrong.properties[1]!.dataType.specs, { min: 500 });
  await dialog.getByLabel('Thing model').fill(JSON.stringify(wrong, null, 2));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('thingModel.properties[1].dataType.specs.min')).toBeVisible();

  await dialog.getByLabel('Thing model').fill(JSON.stringify(MODEL, null, 2));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await search(page, 'Product name', name);
  const made = row(page, name);
  await expect(made).toHaveCount(1);
  await expect(made).toContainText('Direct device');
  await expect(made).toContainText('MQTT');
  await expect(made.locator('code')).toHaveText(/^[A-Za-z0-9]{11}$/);
  await screenshot(page, 'iot-products');

  await made.getByTestId('row-detail').click();
  const drawer = page.getByTestId('product-detail');
  await expect(drawer.getByTestId('model-properties')).toContainText('brightness');
  await expect(drawer.getByTestId('model-properties')).toContainText('int 0…100 %');
  await expect(drawer.getByTestId('model-events')).toContainText('overheat');
  await expect(drawer.getByTestId('model-services')).toContainText('Asynchronous');
  await expectNoSeriousA11yViolations(page, 'iot-product-detail');
  await screenshot(page, 'iot-product-detail');
});
