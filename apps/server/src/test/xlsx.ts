import ExcelJS from 'exceljs';

/** A sheet's rows, header row first, each as its cell values. */
const rowsOf = (sheet: ExcelJS.Worksheet) =>
  // getSheetValues() is 1-based: drop the empty first cell of each row.
  (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));

async function load(file: Response | ArrayBuffer | Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file instanceof Response ? await file.arrayBuffer() : (file as ArrayBuffer));
  return book;
}

/** The rows of an exported workbook's first sheet, header row first, each as its cell values. */
export async function readXlsx(file: Response | ArrayBuffer): Promise<unknown[][]> {
  return rowsOf((await load(file)).worksheets[0]!);
}

/** The first sheet of an exported workbook itself, for what values alone do not show (number formats). */
export async function readSheet(file: Response | ArrayBuffer): Promise<ExcelJS.Worksheet> {
  return (await load(file)).worksheets[0]!;
}

/** Every sheet of a workbook by name, each as its rows. */
export async function readWorkbook(file: Response | ArrayBuffer | Buffer): Promise<Record<string, unknown[][]>> {
  return Object.fromEntries((await load(file)).worksheets.map((sheet) => [sheet.name, rowsOf(sheet)]));
}
