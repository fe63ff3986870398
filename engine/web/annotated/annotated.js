// The page of `gorgon annotate --html` (docs/ANALYSIS.md): one reviewed
// game in a file that works from disk with no server. Its data is the
// JSON in #game (written by engine/web/src/annotated.rs): the board of
// every ply, the moves, what annotate says of each, and the review with
// its graph's points. The board, the move list and the graph are drawn by
// the browser board's own modules (board.js, movelist.js, review.js),
// bundled into this page with this one.

import { Board } from './board.js';
import { renderMoves } from './movelist.js';
import { drawGraph, summary } from './review.js';

const data = JSON.parse(document.getElementById('game').textContent);
const last = data.history.length;
const glyphs = data.review.moves.map((m) => m.glyph);
const board = new Board(document.getElementById('board'), {
  // Nothing is played here: the board only shows the game.
  onMove: () => {},
  choose: async () => null,
});
const list = document.getElementById('moves');
const graph = document.getElementById('graph');
const status = document.getElementById('status');
const remark = document.getElementById('remark');
let ply = 0;
let flipped = false;

// The game as a one-line tree of moves, as the move list draws one
// (movelist.js; the page of `gorgon serve` names these nodes in tree.js).
const root = { h: null, comment: null, before: null, nags: [], parent: null, children: [] };
const nodes = [];
data.history.reduce((parent, h) => {
  const n = { id: nodes.length + 1, h, comment: null, before: null, nags: [], parent, children: [] };
  parent.children.push(n);
  nodes.push(n);
  return n;
}, root);
const nodeGlyphs = new Map(nodes.map((n, i) => [n, glyphs[i]]));

// `12.` or `12...` and the move as the list writes it, with its glyph.
function moveLabel(i) {
  const h = data.history[i];
  const dots = h.side === 'white' ? '.' : '...';
  const text = data.notation === 'book' ? h.book : h.move;
  const mark = h.mate ? '#' : h.check ? '+' : '';
  return `${h.number}${dots} ${text}${mark}${glyphs[i] || ''}`;
}

// What annotate says of move `i`: the evaluation after it (or how the
// game ended), the glyph's words and the engine's line.
function remarkText(i) {
  const note = data.notes[i];
  const parts = [note.outcome ?? `Evaluation ${note.eval} (depth ${note.depth}).`, ...note.words];
  if (note.line) parts.push(`Line: ${note.line}.`);
  return parts.join(' ');
}

function show(target) {
  ply = Math.max(0, Math.min(last, target));
  const h = data.history[ply - 1];
  board.setView({ ...data.boards[ply], legal: {} }, { lastMove: h ? { from: h.from, to: h.to } : null, interactive: false, flipped });
  // After a judged move, the move the engine preferred to it (from the
  // position before, as the remark says).
  const note = data.notes[ply - 1];
  board.setArrows(note && note.best ? [{ ...note.best, strength: 1 }] : []);
  renderMoves(list, root, { current: nodes[ply - 1] || null, glyphs: nodeGlyphs, notation: data.notation, onSelect: (n) => show(nodes.indexOf(n) + 1) });
  drawGraph(graph, data.review, ply, show);
  status.textContent = ply === 0 ? 'Start position' : moveLabel(ply - 1);
  remark.textContent = ply === 0 ? `${last} plies. Use the arrow keys or click a move.` : remarkText(ply - 1);
  document.body.dataset.ply = String(ply);
}

function button(id, action) {
  document.getElementById(id).addEventListener('click', action);
}
button('first', () => show(0));
button('prev', () => show(ply - 1));
button('next', () => show(ply + 1));
button('last', () => show(last));
function flip() {
  flipped = !flipped;
  show(ply);
}
button('flip', flip);

document.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const to = {
    ArrowLeft: ply - 1, ArrowRight: ply + 1, ArrowUp: 0, ArrowDown: last, Home: 0, End: last,
  }[event.key];
  if (to !== undefined) {
    event.preventDefault();
    show(to);
  } else if (event.key === 'f') {
    flip();
  }
});

// The header: the game's tags, and each side's summary.
const tags = document.getElementById('tags');
for (const [name, value] of data.tags) {
  const row = document.createElement('div');
  const dt = document.createElement('dt');
  dt.textContent = name;
  const dd = document.createElement('dd');
  dd.textContent = value;
  row.append(dt, dd);
  tags.appendChild(row);
}
document.getElementById('summary').textContent =
  `${summary('White', data.review.white)}; ${summary('Black', data.review.black)}`;

// Every move annotate said more of than its evaluation: a click goes there.
const annotations = document.getElementById('annotations');
data.notes.forEach((note, i) => {
  if (!note.words.length && !note.outcome) return;
  const item = document.createElement('li');
  const jump = document.createElement('button');
  jump.type = 'button';
  jump.className = 'move';
  jump.dataset.ply = String(i + 1);
  jump.textContent = moveLabel(i);
  jump.addEventListener('click', () => show(i + 1));
  item.append(jump, ` ${remarkText(i)}`);
  annotations.appendChild(item);
});

show(0);
