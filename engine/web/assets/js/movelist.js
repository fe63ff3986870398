// The move list: numbered pairs, the review's glyphs, the current ply
// marked; a click jumps to a move. Keyboard navigation is main.js's.

// Draws `history` (the view's moves) into `list`: one button per move,
// `data-ply` the ply after it. `glyphs[i]` is move i's `?!`/`?`/`??`.
export function renderMoves(list, history, { ply, glyphs = [], notation = 'coord', onSelect }) {
  list.replaceChildren();
  let row = null;
  history.forEach((h, i) => {
    if (h.side === 'white' || row === null) {
      row = document.createElement('li');
      const number = document.createElement('span');
      number.className = 'number';
      number.textContent = `${h.number}.`;
      row.appendChild(number);
      if (h.side === 'black') {
        const gap = document.createElement('span');
        gap.className = 'move gap';
        gap.textContent = '…';
        row.appendChild(gap);
      }
      list.appendChild(row);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move';
    button.dataset.ply = String(i + 1);
    const mark = h.mate ? '#' : h.check ? '+' : '';
    button.textContent = (notation === 'book' ? h.book : h.move) + mark;
    if (glyphs[i]) {
      const g = document.createElement('span');
      g.className = `glyph g${glyphs[i].length}${glyphs[i] === '?!' ? 'i' : ''}`;
      g.textContent = glyphs[i];
      button.appendChild(g);
    }
    if (i + 1 === ply) button.classList.add('current');
    button.addEventListener('click', () => onSelect(i + 1));
    row.appendChild(button);
  });
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}
