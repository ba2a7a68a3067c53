import ExcelJS from 'exceljs';

/** The rows of an exported workbook's first sheet, header row first, each as its cell values. */
export async function readXlsx(file: Response | ArrayBuffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file instanceof ArrayBuffer ? file : await file.arrayBuffer());
  const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
  // getSheetValues() is 1-based: drop the empty first cell of each row.
  return rows.map((r) => r.slice(1));
}
