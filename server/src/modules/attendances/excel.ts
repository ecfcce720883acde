import ExcelJS from 'exceljs';
import type { AttendanceView } from './store.js';
import { formatLocal, REPORT_TIME_ZONE } from '../../calendar/time-zone.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSX_FILENAME = 'attendances_logs.xlsx';

export const NO_USER = 'Utente non trovato';
export const NO_EMAIL = 'Nessuna email fornita';
export const NO_TIME = 'Non disponibile';

export const HEADER = ['Nome', 'Email', 'Ingresso', 'Uscita'] as const;

/** The cells of one attendance as the spreadsheet shows them. */
export function attendanceCells(a: AttendanceView): string[] {
  return [
    a.name || NO_USER,
    a.email || NO_EMAIL,
    a.joined_at ? formatLocal(a.joined_at, REPORT_TIME_ZONE) : NO_TIME,
    a.left_at ? formatLocal(a.left_at, REPORT_TIME_ZONE) : NO_TIME,
  ];
}

/** attendances_logs.xlsx: bold frozen header, one row per attendance, columns as wide as their text. */
export async function attendancesWorkbook(attendances: AttendanceView[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Percorso';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Presenze', { views: [{ state: 'frozen', ySplit: 1 }] });
  const rows = attendances.map(attendanceCells);
  sheet.addRow([...HEADER]).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  HEADER.forEach((title, index) => {
    const longest = Math.max(title.length, ...rows.map((r) => r[index].length));
    sheet.getColumn(index + 1).width = Math.min(60, Math.max(14, longest + 2));
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: HEADER.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
