// The Morph picker: when two clicks can mean several moves (a Morph may
// stay or take the captured piece's form; a Sword may promote or
// transform), the board asks which, offering exactly the server's moves,
// each drawn as the piece it leaves on the board.

import { pieceIcon } from './pieces.js';

// Shows the choices in the `#picker` dialog; resolves to the chosen move
// text, or null when cancelled (Escape, the Cancel button).
export function choose(moves) {
  const dialog = document.getElementById('picker');
  const list = dialog.querySelector('.choices');
  list.replaceChildren();
  return new Promise((resolve) => {
    const done = (value) => {
      dialog.hidden = true;
      document.removeEventListener('keydown', onKey, true);
      resolve(value);
    };
    const onKey = (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        done(null);
      }
    };
    for (const m of moves) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.move = m.move;
      button.title = `${m.label} (${m.move})`;
      button.innerHTML = pieceIcon(m.piece, 56);
      const label = document.createElement('span');
      label.textContent = m.label;
      button.appendChild(label);
      button.addEventListener('click', () => done(m.move));
      list.appendChild(button);
    }
    dialog.querySelector('.cancel').onclick = () => done(null);
    document.addEventListener('keydown', onKey, true);
    dialog.hidden = false;
    list.querySelector('button').focus();
  });
}
