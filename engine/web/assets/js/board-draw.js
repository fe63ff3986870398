// The SVG of the board, drawn from a Board's state (board.js): squares,
// coordinates, pieces, petrified marks, check, the last move, the lifted
// piece's targets, arrows, the keyboard's cursor. Each node is kept under
// a key (its square, its piece) and only what changed is written, so that
// a redraw costs little, the focused square keeps the focus and a drag
// goes on; nothing is rebuilt but what is new.

import { pieceDefs, pieceClass, pieceMarkup, pieceName } from './pieces.js';
import { UNIT, corner, fileLetter, parseSquare, squareAtCell, squareName } from './squares.js';

const NS = 'http://www.w3.org/2000/svg';

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// A piece's code on the board (`data-piece`): `wK`, `MbS` for a Morph.
export function pieceCode(piece) {
  return (piece.morph ? 'M' : '') + piece.color + piece.kind;
}

// Writes the attributes of `node` that differ from `attrs`.
function update(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    const text = String(v);
    if (node.getAttribute(k) !== text) node.setAttribute(k, text);
  }
}

// Makes `node` the `i`th child of `parent`, moving it only if it is not.
function place(parent, node, i) {
  if (parent.children[i] !== node) parent.insertBefore(node, parent.children[i] || null);
}

// A layer of nodes kept by key.
class Layer {
  constructor(parent, cls) {
    this.g = el('g', { class: cls, 'aria-hidden': 'true' }, parent);
    this.nodes = new Map();
  }

  // `items` `[{key, tag, attrs, fill}]` become the layer's children, in
  // order: a key drawn before keeps its node (only its changed attributes
  // are written), a new one gets a node `fill(node)` fills once, and the
  // keys no longer drawn lose theirs.
  sync(items) {
    const next = new Map();
    items.forEach((item, i) => {
      let node = this.nodes.get(item.key);
      if (!node) {
        node = el(item.tag);
        if (item.fill) item.fill(node);
      }
      update(node, item.attrs);
      place(this.g, node, i);
      next.set(item.key, node);
    });
    for (const [key, node] of this.nodes) if (!next.has(key)) node.remove();
    this.nodes = next;
  }
}

export class BoardDrawing {
  constructor(svg) {
    this.svg = svg;
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
    this.rows = el('g', { class: 'squares', role: 'presentation' }, svg);
    this.squares = new Map();
    this.marks = new Layer(svg, 'marks');
    this.targets = new Layer(svg, 'targets');
    this.pieces = new Layer(svg, 'pieces');
    this.arrows = new Layer(svg, 'arrows');
    this.coordinates = new Layer(svg, 'coordinates');
    this.cursor = el('rect', { width: UNIT - 8, height: UNIT - 8, class: 'focus-cursor', 'aria-hidden': 'true' }, svg);
  }

  // The rect of square `name`, if drawn.
  square(name) {
    return this.squares.get(name) || null;
  }

  // The pieces' group of square `name`, if drawn.
  piece(name) {
    return this.pieces.g.querySelector(`g[data-square="${name}"]`);
  }

  draw(board) {
    const v = board.view;
    if (!v) return;
    const svg = this.svg;
    const focused = svg.contains(document.activeElement);
    update(svg, { viewBox: `0 0 ${v.files * UNIT} ${v.ranks * UNIT}`, 'data-variant': v.variant, 'data-flipped': board.flipped ? '1' : '0' });
    const at = (name) => corner(name, v, board.flipped);
    this.drawSquares(board, at);
    this.marks.sync(marks(board, at));
    this.targets.sync(targets(board, at));
    this.pieces.sync(pieces(board, at));
    this.arrows.sync(arrows(board, at));
    this.coordinates.sync(board.coordinates ? coordinates(board, at) : []);
    const cursor = at(board.cursor);
    update(this.cursor, { x: cursor.x + 4, y: cursor.y + 4 });
    // A keyboard user's focus stays on the board (on the cursor's square)
    // when its square moved (a flip) or went (another variant).
    if (focused && document.activeElement !== this.square(board.cursor)) board.focusCursor();
  }

  // The grid: a row per rank as seen, a rect per square kept by name
  // (a flip moves the rects to their new rows).
  drawSquares(board, at) {
    const v = board.view;
    while (this.rows.children.length < v.ranks) el('g', { role: 'row' }, this.rows);
    while (this.rows.children.length > v.ranks) this.rows.lastElementChild.remove();
    const drawn = new Set();
    for (let row = 0; row < v.ranks; row++) {
      const line = this.rows.children[row];
      for (let col = 0; col < v.files; col++) {
        const name = squareAtCell(col, row, v, board.flipped);
        drawn.add(name);
        let node = this.squares.get(name);
        if (!node) {
          node = el('rect', { width: UNIT, height: UNIT, 'data-square': name, role: 'gridcell' });
          this.squares.set(name, node);
        }
        const { file, rank } = parseSquare(name);
        const { x, y } = at(name);
        update(node, {
          x, y, class: `square ${(file + rank) % 2 === 1 ? 'light' : 'dark'}`,
          tabindex: name === board.cursor ? '0' : '-1', 'aria-label': board.squareLabel(name),
        });
        if (board.selected === name) update(node, { 'aria-selected': 'true' });
        else if (node.hasAttribute('aria-selected')) update(node, { 'aria-selected': 'false' });
        place(line, node, col);
      }
    }
    for (const [name, node] of this.squares) {
      if (drawn.has(name)) continue;
      node.remove();
      this.squares.delete(name);
    }
  }
}

// Petrified marks, the last move, check.
function marks(board, at) {
  const v = board.view;
  const items = [];
  for (const name of board.petrified) {
    const { x, y } = at(name);
    items.push({ key: `stone ${name}`, tag: 'rect', attrs: { x: x + 3, y: y + 3, width: UNIT - 6, height: UNIT - 6, class: 'petrified-mark', 'data-petrified': name } });
  }
  if (board.lastMove) {
    for (const name of [board.lastMove.from, board.lastMove.to]) {
      const { x, y } = at(name);
      items.push({ key: `last ${name}`, tag: 'rect', attrs: { x, y, width: UNIT, height: UNIT, class: 'last-move' } });
    }
  }
  if (v.check) {
    const { x, y } = at(v.check);
    items.push({ key: 'check', tag: 'circle', attrs: { cx: x + UNIT / 2, cy: y + UNIT / 2, r: UNIT * 0.55, class: 'check', 'data-check': v.check } });
  }
  return items;
}

// The lifted piece's square and where it can go.
function targets(board, at) {
  const square = board.selected;
  if (!square) return [];
  const { x, y } = at(square);
  const items = [{ key: 'selected', tag: 'rect', attrs: { x, y, width: UNIT, height: UNIT, class: 'selected' } }];
  for (const t of board.targetsOf(square)) {
    const c = at(t.to);
    const occupied = t.to in board.view.pieces;
    const special = t.moves.some((m) => m.kind === 'castle' || m.kind === 'swap');
    const cls = special ? 'target special' : occupied ? 'target capture' : 'target';
    const r = occupied || special ? UNIT * 0.44 : UNIT * 0.15;
    items.push({ key: `target ${t.to}`, tag: 'circle', attrs: { cx: c.x + UNIT / 2, cy: c.y + UNIT / 2, r, class: cls, 'data-target': t.to } });
  }
  return items;
}

// A piece is kept while the same piece stands on the same square,
// petrified or not; only its place changes with a flip, and it is drawn
// faint while a drag holds it.
function pieces(board, at) {
  const press = board.press;
  return Object.entries(board.view.pieces).map(([name, piece]) => {
    const stone = board.petrified.has(name);
    const code = pieceCode(piece);
    const { x, y } = at(name);
    const lifted = press && press.ghost && press.square === name;
    return {
      key: `${name} ${code} ${piece.name}${stone ? ' stone' : ''}`,
      tag: 'g',
      attrs: {
        class: pieceClass(piece) + (stone ? ' petrified' : '') + (lifted ? ' lifted' : ''),
        'data-square': name, 'data-piece': code, transform: `translate(${x} ${y})`,
      },
      fill: (g) => {
        g.innerHTML = pieceMarkup(piece, 4, 4, UNIT - 8) + (stone ? '<path class="stone-badge" d="M6 22l8-14h12l6 14z"/>' : '');
        el('title', {}, g).textContent = pieceName(piece) + (stone ? ' (petrified)' : '') + ` on ${name}`;
      },
    };
  });
}

// Arrows `[{from, to, strength}]`, stopped short of the centre so that the
// head sits on the square.
function arrows(board, at) {
  const half = UNIT / 2;
  return board.arrows.filter((a) => a.from && a.to).map((a, i) => {
    const from = at(a.from);
    const to = at(a.to);
    const [x1, y1, x2, y2] = [from.x + half, from.y + half, to.x + half, to.y + half];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const k = Math.max(0, (len - 22) / len);
    return {
      key: String(i),
      tag: 'line',
      attrs: {
        x1, y1, x2: x1 + (x2 - x1) * k, y2: y1 + (y2 - y1) * k,
        class: 'arrow', 'marker-end': 'url(#arrow-head)', 'stroke-opacity': (0.35 + 0.55 * a.strength).toFixed(2),
        'data-arrow': `${a.from}-${a.to}`,
      },
    };
  });
}

// The files' letters along the bottom edge and the ranks' numbers along
// the left one, as seen.
function coordinates(board, at) {
  const v = board.view;
  const bottomRank = board.flipped ? v.ranks - 1 : 0;
  const leftFile = board.flipped ? v.files - 1 : 0;
  const items = [];
  for (let file = 0; file < v.files; file++) {
    const { x, y } = at(squareName(file, bottomRank));
    items.push({
      key: `file ${file}`, tag: 'text', attrs: { x: x + UNIT - 6, y: y + UNIT - 6, class: 'coord file', 'text-anchor': 'end' },
      fill: (t) => { t.textContent = fileLetter(file); },
    });
  }
  for (let rank = 0; rank < v.ranks; rank++) {
    const { x, y } = at(squareName(leftFile, rank));
    items.push({
      key: `rank ${rank}`, tag: 'text', attrs: { x: x + 5, y: y + 20, class: 'coord rank' },
      fill: (t) => { t.textContent = String(rank + 1); },
    });
  }
  return items;
}
