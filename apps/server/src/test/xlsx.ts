import ExcelJS from 'exceljs';

/** The rows of an exported workbook's first sheet, header row first, each as its cell values. */
export async function readXlsx(res: Response): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
  // getSheetValues() is 1-based: drop the empty first cell of each row.
  return rows.map((r) => r.slice(1));
}
