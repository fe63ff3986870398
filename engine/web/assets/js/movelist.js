// The move list: the game's tree (tree.js). The main line in numbered
// pairs; after a move with alternatives, its side lines, each indented
// in parentheses, nested as deep as they go; the review's glyphs and
// the records' comments after their moves; the shown move marked. A
// click goes to a move, in any line. Keyboard navigation is keys.js's.

// PGN's glyphs ($1 to $6) as written after a move.
const NAGS = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

// Draws the tree under `root` into `list`: one button per move, with
// `data-ply` its ply and `data-node` its node's id (`variation` on side
// lines). `current` is the node shown; `glyphs` maps nodes to the
// review's `?!`/`?`/`??`; `onSelect(node)` on a click.
export function renderMoves(list, root, { current, glyphs = new Map(), notation = 'coord', onSelect }) {
  list.replaceChildren();
  const text = (className, content) => {
    const span = document.createElement('span');
    span.className = className;
    span.textContent = content;
    return span;
  };
  const button = (n, ply, side) => {
    const h = n.h;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = side ? 'move variation' : 'move';
    b.dataset.ply = String(ply);
    b.dataset.node = String(n.id);
    const mark = h.mate ? '#' : h.check ? '+' : '';
    b.textContent = (notation === 'book' ? h.book : h.move) + mark;
    const glyph = glyphs.get(n);
    if (glyph) {
      const g = document.createElement('span');
      g.className = `glyph g${glyph.length}${glyph === '?!' ? 'i' : ''}`;
      g.textContent = glyph;
      b.appendChild(g);
    } else if (n.nags.length) {
      b.appendChild(text('glyph nag', n.nags.map((x) => NAGS[x] || `$${x}`).join(' ')));
    }
    if (n === current) b.classList.add('current');
    b.addEventListener('click', () => onSelect(n));
    return b;
  };
  // A side line from its first move `start` (at `ply`), its own side
  // lines nested in it.
  const sideLine = (start, ply) => {
    const block = document.createElement('div');
    block.className = 'line';
    let numbered = false;
    for (let n = start, p = ply; n; n = n.children[0], p++) {
      if (n === start && n.before) block.appendChild(text('comment', n.before));
      if (n.h.side === 'white' || !numbered) block.appendChild(text('number', `${n.h.number}${n.h.side === 'white' ? '.' : '…'}`));
      numbered = true;
      block.appendChild(button(n, p, true));
      if (n.comment) block.appendChild(text('comment', n.comment));
      if (n !== start && n.parent.children.length > 1) {
        for (const other of n.parent.children.slice(1)) block.appendChild(sideLine(other, p));
        numbered = false;
      }
    }
    return block;
  };
  if (root.comment) {
    // A comment before the first move.
    const first = document.createElement('li');
    first.className = 'variations';
    first.appendChild(text('comment', root.comment));
    list.appendChild(first);
  }
  let row = null;
  let ply = 1;
  for (let parent = root; parent.children.length; parent = parent.children[0], ply++) {
    const n = parent.children[0];
    if (n.h.side === 'white' || row === null) {
      row = document.createElement('li');
      row.appendChild(text('number', `${n.h.number}.`));
      if (n.h.side === 'black') row.appendChild(text('move gap', '…'));
      list.appendChild(row);
    }
    row.appendChild(button(n, ply, false));
    const notes = n.comment ? [text('comment', n.comment)] : [];
    const others = parent.children.slice(1).map((other) => sideLine(other, ply));
    if (notes.length || others.length) {
      // The pair is broken: the side lines (and comment) get a row of
      // their own, and the next move starts a row.
      const below = document.createElement('li');
      below.className = 'variations';
      below.append(...notes, ...others);
      list.appendChild(below);
      row = null;
    }
  }
  const shown = list.querySelector('.current');
  if (shown) shown.scrollIntoView({ block: 'nearest' });
}
