// The pointer on the board (board.js): a click lifts a piece and a second
// one drops it, or a press drags the piece, drawn under the pointer as a
// ghost; in the editor a click and a drag report squares instead.

import { pieceClass, pieceMarkup } from './pieces.js';
import { el, pieceCode } from './board-draw.js';
import { UNIT } from './squares.js';

// A press that moves less than this (board units) is a click, not a drag.
const DRAG_START = 8;

export function wireDrag(board) {
  const svg = board.svg;
  svg.addEventListener('pointerdown', (e) => pointerDown(board, e));
  svg.addEventListener('pointermove', (e) => pointerMove(board, e));
  svg.addEventListener('pointerup', (e) => pointerUp(board, e));
  svg.addEventListener('pointercancel', () => cancelDrag(board));
  svg.addEventListener('contextmenu', (e) => e.preventDefault());
}

// A drag under way when another view comes (a reply landing, the rules'
// verdict on an edit) goes on while its piece is still on its square;
// if the new view has another piece there, or none, the drag ends and
// the piece is not moved.
export function endLostDrag(board) {
  const press = board.press;
  if (!press || !press.ghost) return;
  const piece = board.view.pieces[press.square];
  if (piece && pieceCode(piece) === press.code) return;
  press.ghost.remove();
  board.press = null;
}

function pointerDown(board, event) {
  if (!board.view || event.button > 0) return;
  board.svg.classList.remove('keyboard');
  board.pointedAt = performance.now();
  const square = board.squareAt(event);
  if (!square) return;
  event.preventDefault();
  const press = () => {
    board.press = { square, start: board.toBoard(event), ghost: null, pointer: event.pointerId };
    board.svg.setPointerCapture(event.pointerId);
  };
  if (board.edit) {
    press();
    return;
  }
  if (board.selected && board.selected !== square && board.targetsOf(board.selected).some((t) => t.to === square)) {
    board.tryMove(board.selected, square);
    return;
  }
  if (!board.canLift(square)) {
    board.select(null);
    return;
  }
  board.select(square);
  press();
}

function pointerMove(board, event) {
  const press = board.press;
  if (!press) return;
  const p = board.toBoard(event);
  if (!press.ghost) {
    const piece = board.view.pieces[press.square];
    if (!piece) return;
    if (Math.hypot(p.x - press.start.x, p.y - press.start.y) < DRAG_START) return;
    // Lift the piece: faint on its square (drawn so while the drag
    // lasts), itself under the pointer, above everything.
    press.code = pieceCode(piece);
    press.ghost = el('g', { class: pieceClass(piece) + ' ghost' }, board.svg);
    press.ghost.innerHTML = pieceMarkup(piece, 0, 0, UNIT);
    board.draw();
  }
  press.ghost.setAttribute('transform', `translate(${p.x - UNIT / 2} ${p.y - UNIT / 2})`);
}

function pointerUp(board, event) {
  const press = board.press;
  if (!press) return;
  board.press = null;
  if (board.edit && !press.ghost) {
    board.edit.click(press.square);
    return;
  }
  if (!press.ghost) return; // A click: the piece stays selected.
  const to = board.squareAt(event);
  press.ghost.remove();
  if (board.edit && to !== press.square) {
    // The editor's next view draws the piece where it went.
    board.edit.drag(press.square, to);
    return;
  }
  board.draw();
  if (!board.edit && to && to !== press.square) {
    board.tryMove(press.square, to).then((moved) => { if (!moved) board.select(null); });
  }
}

function cancelDrag(board) {
  if (board.press && board.press.ghost) board.press.ghost.remove();
  board.press = null;
  board.draw();
}
