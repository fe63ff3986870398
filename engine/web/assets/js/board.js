// The board: what it shows (the server's view, given by the page with
// the orientation, the last move and the arrows), its own working state
// (the lifted piece, the keyboard's cursor, a press of the pointer) and
// the moves it proposes, only from the view's legal list: the rules stay
// on the server. board-draw.js draws it, board-drag.js and board-keys.js
// take the pointer and the keyboard.

import { pieceName } from './pieces.js';
import { BoardDrawing } from './board-draw.js';
import { endLostDrag, wireDrag } from './board-drag.js';
import { wireKeys } from './board-keys.js';
import { UNIT, corner, onBoard, squareAtCell, squareName } from './squares.js';

export class Board {
  // `choose(moves, color)` resolves to the move text picked among
  // several (the Morph picker); `onMove(text)` plays a move; `say(text)`
  // tells a keyboard user what a key did (lifted, put back, why not).
  constructor(svg, { onMove, choose, say = () => {} }) {
    this.svg = svg;
    this.onMove = onMove;
    this.choose = choose;
    this.say = say;
    // What the page gives (setView, setArrows).
    this.view = null;
    this.lastMove = null;
    this.interactive = true;
    this.edit = null;
    this.flipped = false;
    this.coordinates = true;
    this.arrows = [];
    this.petrified = new Set();
    // The board's own: the lifted piece's square, the keyboard's cursor
    // (a square name, kept across positions), the pointer's press
    // (board-drag.js).
    this.selected = null;
    this.cursor = null;
    this.press = null;
    this.drawing = new BoardDrawing(svg);
    wireDrag(this);
    wireKeys(this);
  }

  // Shows a position view, as seen from Black's side if `flipped`;
  // `lastMove` `{from, to}` is highlighted. With `edit` (the board
  // editor's `{click(square), drag(from, to)}`) a click and a drag report
  // squares instead of making moves; `to` is null off the board. Another
  // position puts a lifted piece back; another orientation does not.
  setView(view, { lastMove = null, interactive = true, edit = null, flipped = false, coordinates = true } = {}) {
    if (view !== this.view || interactive !== this.interactive || edit !== this.edit) this.selected = null;
    Object.assign(this, { view, lastMove, interactive, edit, flipped, coordinates });
    this.petrified = new Set([...view.petrified.white, ...view.petrified.black]);
    if (!this.cursor || !onBoard(this.cursor, view)) this.cursor = Object.keys(view.legal)[0] || squareName(0, 0);
    endLostDrag(this);
    this.draw();
  }

  // Arrows `[{from, to, strength}]`, strength 1 (best) to 0.
  setArrows(arrows) {
    this.arrows = arrows;
    this.draw();
  }

  draw() {
    this.drawing.draw(this);
  }

  // The board position of a square's top-left corner.
  corner(name) {
    return corner(name, this.view, this.flipped);
  }

  // The square under a pointer event, or null off the board.
  squareAt(event) {
    const point = this.toBoard(event);
    const { files, ranks } = this.view;
    const col = Math.floor(point.x / UNIT);
    const row = Math.floor(point.y / UNIT);
    if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
    return squareAtCell(col, row, this.view, this.flipped);
  }

  toBoard(event) {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: -1, y: -1 };
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  // What a screen reader says of a square: its name, its piece, and
  // whether it is petrified, lifted, or a target of the lifted piece.
  squareLabel(name) {
    const piece = this.view.pieces[name];
    const parts = [name, piece ? pieceName(piece) : 'empty'];
    if (this.petrified.has(name)) parts.push('petrified');
    const target = this.selected && this.selected !== name && this.targetsOf(this.selected).find((t) => t.to === name);
    if (this.selected === name) parts.push('lifted');
    else if (target && target.moves.some((m) => m.kind === 'castle')) parts.push('castles here');
    else if (target && target.moves.some((m) => m.kind === 'swap')) parts.push('swaps here');
    else if (target) parts.push(piece ? 'can be taken' : 'can move here');
    return parts.join(', ');
  }

  // Focuses the cursor's square (the board takes the keyboard).
  focusCursor() {
    const node = this.drawing.square(this.cursor);
    if (node) node.focus({ preventScroll: true });
  }

  // The legal targets of the piece on `from` (clicked squares).
  targetsOf(from) {
    return (this.view && this.view.legal[from]) || [];
  }

  // Lifts the piece on `square` (its targets shown), or puts it back (null).
  select(square) {
    this.selected = square;
    this.draw();
  }

  // Plays the move from `from` to the clicked `to`, asking which one when
  // the pair allows several; false if no legal move joins them.
  async tryMove(from, to) {
    const target = this.targetsOf(from).find((t) => t.to === to);
    if (!target) return false;
    this.select(null);
    let text = target.moves[0].move;
    if (target.moves.length > 1) {
      text = await this.choose(target.moves, this.view.pieces[from].color);
      if (!text) return true;
    }
    this.onMove(text);
    return true;
  }

  canLift(square) {
    return this.interactive && this.targetsOf(square).length > 0;
  }
}
