// Squares: their names (`a1` .. `k11`) and where they sit on the drawn
// board, a square UNIT wide, White at the bottom unless flipped.

export const UNIT = 100;

export function fileLetter(file) {
  return String.fromCharCode(97 + file);
}

export function squareName(file, rank) {
  return fileLetter(file) + (rank + 1);
}

// `{file, rank}` (0-based) of a square name such as `k11`.
export function parseSquare(name) {
  return { file: name.charCodeAt(0) - 97, rank: parseInt(name.slice(1), 10) - 1 };
}

// Whether `name` is a square of a board `{files, ranks}`.
export function onBoard(name, { files, ranks }) {
  const { file, rank } = parseSquare(name);
  return file >= 0 && rank >= 0 && file < files && rank < ranks;
}

// The square at screen column `col` and row `row` (row 0 at the top).
export function squareAtCell(col, row, { files, ranks }, flipped) {
  const file = flipped ? files - 1 - col : col;
  const rank = flipped ? row : ranks - 1 - row;
  return squareName(file, rank);
}

// The board position of a square's top-left corner.
export function corner(name, { files, ranks }, flipped) {
  const { file, rank } = parseSquare(name);
  const col = flipped ? files - 1 - file : file;
  const row = flipped ? rank : ranks - 1 - rank;
  return { x: col * UNIT, y: row * UNIT };
}
