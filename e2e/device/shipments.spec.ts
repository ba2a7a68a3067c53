import ExcelJS from 'exceljs';
import { expect, screenshot, test } from '../fixtures';
import { list, openDialog, openScreen, row, search, toast } from '../admin/console';
import { expectNoSeriousA11yViolations } from '../axe';
import { inEnglish } from '../shell/english';

test.beforeEach(({ page }) => inEnglish(page));

/** A device list workbook as a warehouse would send it: a header row, then one device a row. */
async function workbook(rows: string[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  sheet.addRow(['uuid', 'device code']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('admin records a shipment, imports its devices from a workbook and finds them never activated in the calibration', async ({ page, signIn }) => {
  // Two screens, two uploads and four accessibility checks.
  test.setTimeout(90_000);
  // Batch numbers and uuids are unique: a run of its own each time.
  const run = Date.now().toString(36);
  const batchNo = `E2E-${run}`;
  const uuids = [`e2e-${run}-a`, `e2e-${run}-b`];
  await signIn(page, 'admin', '/system/shipment');
  await expect(list(page).locator('.ant-table-row, .ant-empty').first()).toBeVisible();

  await list(page).getByTestId('list-create').click();
  const dialog = openDialog(page);
  await dialog.getByLabel('Batch number').fill(batchNo);
  await dialog.getByLabel('Ship date').fill('2026-03-10');
  await dialog.getByLabel('Destination country').fill('NL');
  await dialog.getByLabel('Customer').fill('Corner shops');
  await expectNoSeriousA11yViolations(page, 'shipment-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await search(page, 'Batch number', batchNo);
  await row(page, batchNo).getByTestId('row-import').click();
  const importing = openDialog(page);
  // A bad row imports nothing and is named with its row number.
  await importing.locator('input[type=file]').setInputFiles({
    name: 'bad.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook([
      [uuids[0]!, 'LD-1'],
      ['not a uuid!', 'LD-2'],
    ]),
  });
  await expect(importing.getByTestId('import-failed')).toContainText('Nothing was imported');
  await expect(importing.getByTestId('import-errors')).toContainText('3');
  await expect(importing.getByTestId('import-errors')).toContainText('Not a valid value');
  await screenshot(page, 'shipment-import-errors');

  await importing.locator('input[type=file]').setInputFiles({
    name: 'devices.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook([
      [uuids[0]!, 'LD-1'],
      [uuids[1]!, 'LD-2'],
    ]),
  });
  await expect(importing.getByTestId('import-done')).toContainText('2 devices added');
  await importing.getByRole('button', { name: 'Close' }).click();

  await expect(row(page, batchNo)).toContainText('Corner shops');
  await row(page, batchNo).getByTestId('row-detail').click();
  const drawer = page.getByTestId('shipment-detail');
  await expect(drawer.getByTestId('shipment-devices-table')).toContainText(uuids[0]!);
  await expect(drawer.getByTestId('shipment-devices-table')).toContainText('LD-2');
  await expectNoSeriousA11yViolations(page, 'shipment-detail');
  await screenshot(page, 'shipment-detail');
  await drawer.getByRole('button', { name: 'Close' }).click();

  await openScreen(page, '/system/shipment-calibration');
  await search(page, 'UUID', uuids[1]!);
  const item = row(page, uuids[1]!);
  await expect(item).toContainText('Shipped, not activated');
  await expect(item).toContainText(batchNo);
  await expectNoSeriousA11yViolations(page, 'shipment-calibration');
  await screenshot(page, 'shipment-calibration');
});
