// Plain-text tables for benchmark reports.
export function printTable(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell ?? '')));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  const numeric = headers.map((_, column) =>
    rows.every((row) => typeof row[column] === 'number' || /^[\d.,]+$/.test(String(row[column] ?? ''))),
  );
  const line = (row) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);
