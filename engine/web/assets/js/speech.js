// Moves in words, for the live region a screen reader reads out: each
// move shown (yours, the engine's, or a step through the game) as
// "3. You: White Sword e3 to e5, check". Read from the server's views:
// the move's entry in the history, the position after it and, when the
// page has it, the position before (what was taken, what it petrified).

import { pieceName } from './pieces.js';

function capital(text) {
  return text[0].toUpperCase() + text.slice(1);
}

// The piece on `square` of `view` in words without its colour
// ("Sword", "Morph Horse").
function bare(view, square) {
  const piece = view && view.pieces[square];
  return piece ? pieceName(piece).replace(/^(White|Black) /, '') : null;
}

// `entry` is the move's history entry, `after` the view after it, `before`
// the view before it (or null); `who` names the player ("You", "Gorgon")
// or is empty.
export function moveWords(entry, after, before, who = '') {
  const side = capital(entry.side);
  const number = `${entry.number}${entry.side === 'white' ? '.' : '...'}`;
  const mover = bare(before, entry.from) || bare(after, entry.to) || 'piece';
  let what;
  if (entry.book.startsWith('O-O')) {
    what = `castles, King ${entry.from} with the Tower on ${entry.to}`;
  } else if (entry.book.includes('<>')) {
    what = `Medusa ${entry.from} swaps with the Morph on ${entry.to}`;
  } else {
    const taken = entry.book.includes(' x ') ? bare(before, entry.to) : null;
    what = entry.book.includes(' x ')
      ? `${mover} ${entry.from} takes ${taken ? `the ${taken} ` : ''}on ${entry.to}`
      : `${mover} ${entry.from} to ${entry.to}`;
    const now = bare(after, entry.to);
    if (now && now !== mover) what += `, now ${/^[AEIOU]/.test(now) ? 'an' : 'a'} ${now}`;
  }
  let text = `${number} ${who ? `${who}: ` : ''}${side} ${what}`;
  // Pieces the move turned to stone, and those it set free.
  if (before) {
    const stone = (view) => [...view.petrified.white, ...view.petrified.black];
    const was = new Set(stone(before));
    const is = new Set(stone(after));
    const frozen = [...is].filter((s) => !was.has(s));
    const freed = [...was].filter((s) => !is.has(s) && s !== entry.to);
    if (frozen.length) text += `, petrifies ${frozen.join(' ')}`;
    if (freed.length) text += `, frees ${freed.join(' ')}`;
  }
  if (entry.mate) text += ', checkmate';
  else if (entry.check) text += ', check';
  if (after.outcome) text += `. ${after.outcome.result}, ${after.outcome.reason}`;
  return `${text}.`;
}
