// The Morph picker: when two clicks can mean several moves (a Morph may
// stay or take the captured piece's form; a Sword may promote or
// transform), the board asks which, offering exactly the server's moves,
// each drawn as the piece it leaves on the board.

import { pieceIcon } from './pieces.js';

// Shows the choices in the `#picker` dialog; resolves to the chosen move
// text, or null when cancelled (Escape, the Cancel button). While it is
// open the keyboard stays in it (Tab and the arrow keys go round its
// buttons); when it closes, the focus goes back where it was.
export function choose(moves) {
  const dialog = document.getElementById('picker');
  const list = dialog.querySelector('.choices');
  list.replaceChildren();
  const before = document.activeElement;
  return new Promise((resolve) => {
    const done = (value) => {
      dialog.hidden = true;
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus, true);
      if (before && before.isConnected && typeof before.focus === 'function') before.focus({ preventScroll: true });
      resolve(value);
    };
    const buttons = () => [...dialog.querySelectorAll('button')];
    // Tab, Shift+Tab and the arrows move round the dialog's buttons.
    const onKey = (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        done(null);
        return;
      }
      const step = { Tab: e.shiftKey ? -1 : 1, ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (step === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      const all = buttons();
      const at = all.indexOf(document.activeElement);
      all[(at + step + all.length) % all.length].focus();
    };
    // Focus that escapes anyway (a click outside) is brought back.
    const onFocus = (e) => {
      if (!dialog.contains(e.target)) buttons()[0].focus();
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
    document.addEventListener('focusin', onFocus, true);
    dialog.hidden = false;
    list.querySelector('button').focus();
  });
}
