// The SVG board: squares, coordinates, pieces, petrified marks, check, the
// last move, legal targets on lift, arrows; moves by click or drag. It
// draws what the server's view says and proposes moves only from the
// view's legal list: the rules stay on the server.

import { pieceDefs, pieceClass, pieceMarkup, pieceName } from './pieces.js';

const NS = 'http://www.w3.org/2000/svg';
const UNIT = 100;
// A press that moves less than this (board units) is a click, not a drag.
const DRAG_START = 8;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

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

// A piece's code on the board (`data-piece`): `wK`, `MbS` for a Morph.
function pieceCode(piece) {
  return (piece.morph ? 'M' : '') + piece.color + piece.kind;
}

export class Board {
  // `choose(moves, color)` resolves to the move text picked among
  // several (the Morph picker); `onMove(text)` plays a move; `say(text)`
  // tells a keyboard user what a key did (lifted, put back, why not).
  constructor(svg, { onMove, choose, say = () => {} }) {
    this.svg = svg;
    this.onMove = onMove;
    this.choose = choose;
    this.say = say;
    // The keyboard's focus cursor: a square name (kept across positions).
    this.cursor = null;
    this.view = null;
    this.flipped = false;
    this.coordinates = true;
    this.interactive = true;
    this.lastMove = null;
    this.arrows = [];
    this.selected = null;
    this.press = null;
    svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    svg.addEventListener('pointercancel', () => this.cancelDrag());
    svg.addEventListener('contextmenu', (e) => e.preventDefault());
    // A click does not take the keyboard's focus (the page's keys keep
    // stepping through the game); Tab does.
    svg.addEventListener('mousedown', (e) => e.preventDefault());
    svg.addEventListener('keydown', (e) => this.keyDown(e));
    // The cursor is drawn while the keyboard drives the board, not after
    // a click.
    this.pointedAt = -Infinity;
    svg.addEventListener('focusin', () => { if (performance.now() - this.pointedAt > 500) svg.classList.add('keyboard'); });
  }

  // Draws a position view; `lastMove` `{from, to}` is highlighted. With
  // `edit` (the board editor's `{click(square), drag(from, to)}`) a click
  // and a drag report squares instead of making moves; `to` is null off
  // the board.
  setView(view, { lastMove = null, interactive = true, edit = null } = {}) {
    this.view = view;
    this.edit = edit;
    this.lastMove = lastMove;
    this.interactive = interactive;
    this.selected = null;
    this.render();
  }

  // Arrows `[{from, to, strength}]`, strength 1 (best) to 0.
  setArrows(arrows) {
    this.arrows = arrows;
    this.drawArrows();
  }

  flip() {
    this.flipped = !this.flipped;
    this.render();
  }

  setCoordinates(on) {
    this.coordinates = on;
    this.render();
  }

  // The board position of a square's top-left corner.
  corner(name) {
    const { file, rank } = parseSquare(name);
    const { files, ranks } = this.view;
    const col = this.flipped ? files - 1 - file : file;
    const row = this.flipped ? rank : ranks - 1 - rank;
    return { x: col * UNIT, y: row * UNIT };
  }

  // The square under a pointer event, or null off the board.
  squareAt(event) {
    const point = this.toBoard(event);
    const { files, ranks } = this.view;
    const col = Math.floor(point.x / UNIT);
    const row = Math.floor(point.y / UNIT);
    if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
    const file = this.flipped ? files - 1 - col : col;
    const rank = this.flipped ? row : ranks - 1 - row;
    return squareName(file, rank);
  }

  toBoard(event) {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: -1, y: -1 };
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  render() {
    const v = this.view;
    if (!v) return;
    const svg = this.svg;
    // Redrawn under a keyboard user's focus: the focus stays on the board.
    const focused = svg.contains(document.activeElement);
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${v.files * UNIT} ${v.ranks * UNIT}`);
    svg.dataset.variant = v.variant;
    svg.dataset.flipped = this.flipped ? '1' : '0';
    const defs = el('defs', { 'aria-hidden': 'true' }, svg);
    defs.innerHTML = pieceDefs() +
      '<pattern id="stone" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
      '<rect width="14" height="14" class="stone-bg"/><line x1="0" y1="0" x2="0" y2="14" class="stone-line"/></pattern>' +
      '<radialGradient id="check-glow"><stop offset="0" class="check-in"/><stop offset="1" class="check-out"/></radialGradient>' +
      '<marker id="arrow-head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse">' +
      '<path d="M0 0L10 5L0 10z" class="arrow-head"/></marker>';
    // For assistive technology the board is a grid of squares, rows from
    // the top of the screen down, each square named with its piece (the
    // drawing layers above are hidden from it).
    const squares = el('g', { class: 'squares', role: 'presentation' }, svg);
    const hidden = (cls) => el('g', { class: cls, 'aria-hidden': 'true' }, svg);
    const marks = hidden('marks');
    this.targetLayer = hidden('targets');
    const pieces = hidden('pieces');
    this.arrowLayer = hidden('arrows');
    const petrified = new Set([...v.petrified.white, ...v.petrified.black]);
    this.petrifiedSet = petrified;
    if (!this.cursor || !(parseSquare(this.cursor).file < v.files && parseSquare(this.cursor).rank < v.ranks)) {
      this.cursor = Object.keys(v.legal)[0] || squareName(0, 0);
    }
    for (let row = 0; row < v.ranks; row++) {
      const line = el('g', { role: 'row' }, squares);
      for (let col = 0; col < v.files; col++) {
        const file = this.flipped ? v.files - 1 - col : col;
        const rank = this.flipped ? row : v.ranks - 1 - row;
        const name = squareName(file, rank);
        const { x, y } = this.corner(name);
        const light = (file + rank) % 2 === 1;
        el('rect', {
          x, y, width: UNIT, height: UNIT, class: `square ${light ? 'light' : 'dark'}`, 'data-square': name,
          role: 'gridcell', tabindex: name === this.cursor ? '0' : '-1', 'aria-label': this.squareLabel(name),
        }, line);
        if (petrified.has(name)) {
          el('rect', { x: x + 3, y: y + 3, width: UNIT - 6, height: UNIT - 6, class: 'petrified-mark', 'data-petrified': name }, marks);
        }
      }
    }
    if (this.lastMove) {
      for (const sq of [this.lastMove.from, this.lastMove.to]) {
        const { x, y } = this.corner(sq);
        el('rect', { x, y, width: UNIT, height: UNIT, class: 'last-move' }, marks);
      }
    }
    if (v.check) {
      const { x, y } = this.corner(v.check);
      el('circle', { cx: x + UNIT / 2, cy: y + UNIT / 2, r: UNIT * 0.55, class: 'check', 'data-check': v.check }, marks);
    }
    if (this.coordinates) this.drawCoordinates(svg);
    for (const [name, piece] of Object.entries(v.pieces)) {
      const { x, y } = this.corner(name);
      const g = el('g', { class: pieceClass(piece) + (petrified.has(name) ? ' petrified' : ''), 'data-square': name, 'data-piece': pieceCode(piece) }, pieces);
      g.innerHTML = pieceMarkup(piece, x + 4, y + 4, UNIT - 8) +
        (petrified.has(name) ? `<path class="stone-badge" d="M${x + 6} ${y + 22}l8-14h12l6 14z"/>` : '');
      const title = el('title', {}, g);
      title.textContent = pieceName(piece) + (petrified.has(name) ? ' (petrified)' : '') + ` on ${name}`;
    }
    this.pieceLayer = pieces;
    this.drawArrows();
    const cursor = this.corner(this.cursor);
    this.cursorMark = el('rect', { x: cursor.x + 4, y: cursor.y + 4, width: UNIT - 8, height: UNIT - 8, class: 'focus-cursor', 'aria-hidden': 'true' }, svg);
    this.keepDrag();
    if (focused) this.focusCursor();
  }

  // A drag under way when the board is drawn again (a reply landing, the
  // rules' verdict on an edit) goes on: its piece stays lifted and under
  // the pointer. If the new position has another piece there, or none,
  // the drag ends and the piece is not moved.
  keepDrag() {
    const press = this.press;
    if (!press || !press.ghost) return;
    const piece = this.view.pieces[press.square];
    if (!piece || pieceCode(piece) !== press.code) {
      this.press = null;
      return;
    }
    const original = this.pieceLayer.querySelector(`g[data-square="${press.square}"]`);
    if (original) original.classList.add('lifted');
    this.svg.appendChild(press.ghost);
  }

  // What a screen reader says of a square: its name, its piece, and
  // whether it is petrified, lifted, or a target of the lifted piece.
  squareLabel(name) {
    const v = this.view;
    const piece = v.pieces[name];
    const parts = [name, piece ? pieceName(piece) : 'empty'];
    if (this.petrifiedSet && this.petrifiedSet.has(name)) parts.push('petrified');
    const target = this.selected && this.selected !== name && this.targetsOf(this.selected).find((t) => t.to === name);
    if (this.selected === name) parts.push('lifted');
    else if (target && target.moves.some((m) => m.kind === 'castle')) parts.push('castles here');
    else if (target && target.moves.some((m) => m.kind === 'swap')) parts.push('swaps here');
    else if (target) parts.push(piece ? 'can be taken' : 'can move here');
    return parts.join(', ');
  }

  squareNode(name) {
    return this.svg.querySelector(`rect.square[data-square="${name}"]`);
  }

  // Focuses the cursor's square (the board takes the keyboard).
  focusCursor() {
    const node = this.squareNode(this.cursor);
    if (node) node.focus({ preventScroll: true });
  }

  // Moves the cursor to `name`: the one square in the tab order, focused.
  setCursor(name) {
    const old = this.squareNode(this.cursor);
    if (old) old.setAttribute('tabindex', '-1');
    this.cursor = name;
    const node = this.squareNode(name);
    if (node) node.setAttribute('tabindex', '0');
    if (this.cursorMark) {
      const { x, y } = this.corner(name);
      this.cursorMark.setAttribute('x', x + 4);
      this.cursorMark.setAttribute('y', y + 4);
    }
    this.svg.classList.add('keyboard');
    this.focusCursor();
  }

  // Arrow keys move the cursor as the board is seen (up is up on the
  // screen, flipped or not); Enter or Space lifts the piece under it, or
  // drops the lifted one there; Escape puts it back. Other keys go on to
  // the page (Home, End, f).
  keyDown(event) {
    if (!this.view || !this.cursor) return;
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[event.key];
    const handled = () => { event.preventDefault(); event.stopPropagation(); };
    if (step) {
      handled();
      const sign = this.flipped ? -1 : 1;
      const { file, rank } = parseSquare(this.cursor);
      const f = Math.max(0, Math.min(this.view.files - 1, file + sign * step[0]));
      const r = Math.max(0, Math.min(this.view.ranks - 1, rank + sign * step[1]));
      this.setCursor(squareName(f, r));
    } else if (event.key === 'Enter' || event.key === ' ') {
      handled();
      this.svg.classList.add('keyboard');
      this.activate(this.cursor);
    } else if (event.key === 'Escape' && this.selected) {
      handled();
      const from = this.selected;
      this.select(null);
      this.say(`${pieceName(this.view.pieces[from])} put back on ${from}`);
    }
  }

  // The keyboard's click on `square`: drop the lifted piece there, put it
  // back, or lift the piece there; else say why nothing happens.
  async activate(square) {
    const v = this.view;
    const from = this.selected;
    if (from && from !== square && this.targetsOf(from).some((t) => t.to === square)) {
      await this.tryMove(from, square);
      // Back from the picker (or not): the keyboard stays on the board.
      this.focusCursor();
      return;
    }
    if (from === square) {
      this.select(null);
      this.say(`${pieceName(v.pieces[square])} put back on ${square}`);
      return;
    }
    if (this.canLift(square)) {
      this.select(square);
      const targets = this.targetsOf(square).map((t) => t.to);
      this.say(`${pieceName(v.pieces[square])} on ${square} lifted; it can go to ${targets.join(', ')}`);
      return;
    }
    const piece = v.pieces[square];
    let why;
    if (!this.interactive) why = 'not your move';
    else if (from) why = `the ${pieceName(v.pieces[from])} on ${from} cannot go to ${square}`;
    else if (!piece) why = `${square} is empty`;
    else if (this.petrifiedSet.has(square)) why = `the ${pieceName(piece)} on ${square} is petrified`;
    else if (piece.color !== v.side[0]) why = `the ${pieceName(piece)} on ${square} is not the side to move's`;
    else why = `the ${pieceName(piece)} on ${square} has no legal move`;
    this.say(why);
  }

  drawCoordinates(svg) {
    const v = this.view;
    const g = el('g', { class: 'coordinates', 'aria-hidden': 'true' }, svg);
    const bottomRank = this.flipped ? v.ranks - 1 : 0;
    const leftFile = this.flipped ? v.files - 1 : 0;
    for (let file = 0; file < v.files; file++) {
      const { x, y } = this.corner(squareName(file, bottomRank));
      const t = el('text', { x: x + UNIT - 6, y: y + UNIT - 6, class: 'coord file', 'text-anchor': 'end' }, g);
      t.textContent = fileLetter(file);
    }
    for (let rank = 0; rank < v.ranks; rank++) {
      const { x, y } = this.corner(squareName(leftFile, rank));
      const t = el('text', { x: x + 5, y: y + 20, class: 'coord rank' }, g);
      t.textContent = String(rank + 1);
    }
  }

  drawArrows() {
    if (!this.arrowLayer || !this.view) return;
    this.arrowLayer.replaceChildren();
    const half = UNIT / 2;
    for (const a of this.arrows) {
      const from = this.corner(a.from);
      const to = this.corner(a.to);
      const [x1, y1, x2, y2] = [from.x + half, from.y + half, to.x + half, to.y + half];
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      // Stop short of the centre so the head sits on the square.
      const k = Math.max(0, (len - 22) / len);
      el('line', {
        x1, y1, x2: x1 + (x2 - x1) * k, y2: y1 + (y2 - y1) * k,
        class: 'arrow', 'marker-end': 'url(#arrow-head)', 'stroke-opacity': (0.35 + 0.55 * a.strength).toFixed(2),
        'data-arrow': `${a.from}-${a.to}`,
      }, this.arrowLayer);
    }
  }

  // The legal targets of the piece on `from` (clicked squares).
  targetsOf(from) {
    return (this.view && this.view.legal[from]) || [];
  }

  select(square) {
    const before = this.selected;
    this.selected = square;
    this.targetLayer.replaceChildren();
    // The lifted square and its targets are named so (and no longer after).
    for (const s of [before, square]) {
      if (!s) continue;
      for (const name of [s, ...this.targetsOf(s).map((t) => t.to)]) {
        const node = this.squareNode(name);
        if (node) node.setAttribute('aria-label', this.squareLabel(name));
      }
    }
    const lifted = this.squareNode(square || before);
    if (lifted) lifted.setAttribute('aria-selected', square ? 'true' : 'false');
    if (!square) return;
    const { x, y } = this.corner(square);
    el('rect', { x, y, width: UNIT, height: UNIT, class: 'selected' }, this.targetLayer);
    for (const t of this.targetsOf(square)) {
      const c = this.corner(t.to);
      const occupied = t.to in this.view.pieces;
      const special = t.moves.some((m) => m.kind === 'castle' || m.kind === 'swap');
      const cls = special ? 'target special' : occupied ? 'target capture' : 'target';
      const r = occupied || special ? UNIT * 0.44 : UNIT * 0.15;
      el('circle', { cx: c.x + UNIT / 2, cy: c.y + UNIT / 2, r, class: cls, 'data-target': t.to }, this.targetLayer);
    }
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

  pointerDown(event) {
    if (!this.view || event.button > 0) return;
    this.svg.classList.remove('keyboard');
    this.pointedAt = performance.now();
    const square = this.squareAt(event);
    if (!square) return;
    event.preventDefault();
    if (this.edit) {
      this.press = { square, start: this.toBoard(event), ghost: null, pointer: event.pointerId };
      this.svg.setPointerCapture(event.pointerId);
      return;
    }
    if (this.selected && this.selected !== square && this.targetsOf(this.selected).some((t) => t.to === square)) {
      this.tryMove(this.selected, square);
      return;
    }
    if (!this.canLift(square)) {
      this.select(null);
      return;
    }
    this.select(square);
    this.press = { square, start: this.toBoard(event), ghost: null, pointer: event.pointerId };
    this.svg.setPointerCapture(event.pointerId);
  }

  pointerMove(event) {
    const press = this.press;
    if (!press) return;
    const p = this.toBoard(event);
    if (!press.ghost) {
      if (!this.view.pieces[press.square]) return;
      if (Math.hypot(p.x - press.start.x, p.y - press.start.y) < DRAG_START) return;
      // Lift the piece: hide it on its square, draw it under the pointer.
      const original = this.pieceLayer.querySelector(`g[data-square="${press.square}"]`);
      if (original) original.classList.add('lifted');
      const piece = this.view.pieces[press.square];
      press.code = pieceCode(piece);
      press.ghost = el('g', { class: pieceClass(piece) + ' ghost' }, this.svg);
      press.ghost.innerHTML = pieceMarkup(piece, 0, 0, UNIT);
    }
    press.ghost.setAttribute('transform', `translate(${p.x - UNIT / 2} ${p.y - UNIT / 2})`);
  }

  pointerUp(event) {
    const press = this.press;
    if (!press) return;
    this.press = null;
    if (this.edit && !press.ghost) {
      this.edit.click(press.square);
      return;
    }
    if (!press.ghost) return; // A click: the piece stays selected.
    const to = this.squareAt(event);
    press.ghost.remove();
    if (this.edit) {
      if (to !== press.square) this.edit.drag(press.square, to);
      else this.render();
      return;
    }
    const original = this.pieceLayer.querySelector(`g[data-square="${press.square}"]`);
    if (original) original.classList.remove('lifted');
    if (to && to !== press.square) {
      this.tryMove(press.square, to).then((moved) => { if (!moved) this.select(null); });
    }
  }

  cancelDrag() {
    if (this.press && this.press.ghost) this.press.ghost.remove();
    this.press = null;
    this.render();
  }
}
