// The keyboard on the board (board.js): the arrow keys move a cursor as
// the board is seen (up is up on the screen, flipped or not); Enter or
// Space lifts the piece under it, or drops the lifted one there; Escape
// puts it back. Other keys go on to the page (Home, End, f).

import { pieceName } from './pieces.js';
import { parseSquare, squareName } from './squares.js';

export function wireKeys(board) {
  const svg = board.svg;
  // A click does not take the keyboard's focus (the page's keys keep
  // stepping through the game); Tab does.
  svg.addEventListener('mousedown', (e) => e.preventDefault());
  svg.addEventListener('keydown', (e) => keyDown(board, e));
  // The cursor is drawn while the keyboard drives the board, not after
  // a click (board-drag.js notes when the pointer came).
  board.pointedAt = -Infinity;
  svg.addEventListener('focusin', () => { if (performance.now() - board.pointedAt > 500) svg.classList.add('keyboard'); });
}

// Moves the cursor to `name`: the one square in the tab order, focused.
function setCursor(board, name) {
  board.cursor = name;
  board.draw();
  board.svg.classList.add('keyboard');
  board.focusCursor();
}

function keyDown(board, event) {
  if (!board.view || !board.cursor) return;
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[event.key];
  const handled = () => { event.preventDefault(); event.stopPropagation(); };
  if (step) {
    handled();
    const sign = board.flipped ? -1 : 1;
    const { file, rank } = parseSquare(board.cursor);
    const f = Math.max(0, Math.min(board.view.files - 1, file + sign * step[0]));
    const r = Math.max(0, Math.min(board.view.ranks - 1, rank + sign * step[1]));
    setCursor(board, squareName(f, r));
  } else if (event.key === 'Enter' || event.key === ' ') {
    handled();
    board.svg.classList.add('keyboard');
    activate(board, board.cursor);
  } else if (event.key === 'Escape' && board.selected) {
    handled();
    const from = board.selected;
    board.select(null);
    board.say(`${pieceName(board.view.pieces[from])} put back on ${from}`);
  }
}

// The keyboard's click on `square`: drop the lifted piece there, put it
// back, or lift the piece there; else say why nothing happens.
async function activate(board, square) {
  const v = board.view;
  const from = board.selected;
  if (from && from !== square && board.targetsOf(from).some((t) => t.to === square)) {
    await board.tryMove(from, square);
    // Back from the picker (or not): the keyboard stays on the board.
    board.focusCursor();
    return;
  }
  if (from === square) {
    board.select(null);
    board.say(`${pieceName(v.pieces[square])} put back on ${square}`);
    return;
  }
  if (board.canLift(square)) {
    board.select(square);
    const targets = board.targetsOf(square).map((t) => t.to);
    board.say(`${pieceName(v.pieces[square])} on ${square} lifted; it can go to ${targets.join(', ')}`);
    return;
  }
  const piece = v.pieces[square];
  let why;
  if (!board.interactive) why = 'not your move';
  else if (from) why = `the ${pieceName(v.pieces[from])} on ${from} cannot go to ${square}`;
  else if (!piece) why = `${square} is empty`;
  else if (board.petrified.has(square)) why = `the ${pieceName(piece)} on ${square} is petrified`;
  else if (piece.color !== v.side[0]) why = `the ${pieceName(piece)} on ${square} is not the side to move's`;
  else why = `the ${pieceName(piece)} on ${square} has no legal move`;
  board.say(why);
}
