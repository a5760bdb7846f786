/** The cells of a CSV file's first record (quotes and doubled quotes understood), for picking columns. */
export function headerCells(csv: string): string[] {
  const text = csv.replace(/^\uFEFF/, '');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  if (cell.trim() || cells.length > 0) cells.push(cell.trim());
  return [...new Set(cells.filter(Boolean))];
}
