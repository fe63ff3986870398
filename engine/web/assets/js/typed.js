// The move box: a move typed in coordinates (e3e5) or the inventor's
// notation (E3 - E5, ME x B10), resolved by the server (`/api/move`, the
// rules crate's readers) and then played like a move made on the board;
// a refusal shows the server's words. And the live region's words for
// the move shown (speech.js).

import * as api from './api.js';
import * as S from './state.js';
import { state } from './state.js';
import { $ } from './widgets.js';
import { gameSpec } from './game.js';
import { humanMove, humanTurn } from './play.js';
import { moveWords } from './speech.js';

export async function typedMove() {
  const box = $('move-input');
  const text = box.value;
  const view = state.views.get(state.ply);
  if (!view) return;
  if (!humanTurn(view)) {
    S.setMessage(view.outcome || state.result ? 'the game is over' : state.ply < state.moves.length ? 'go to the end of the game to move (End)' : 'not your move: Gorgon is thinking');
    return;
  }
  let answer;
  try {
    answer = await S.ask(api.post('/api/move', { game: gameSpec(state.ply), text }));
  } catch (e) {
    S.failed(e);
    box.setAttribute('aria-invalid', 'true');
    return;
  }
  box.removeAttribute('aria-invalid');
  box.value = '';
  humanMove(answer.move);
}

// After a position is shown: the move that led to it, in words.
export function announceEffects(view) {
  const ply = state.ply;
  if (ply === 0) {
    S.announce(`Start of the game: ${view.side === 'white' ? 'White' : 'Black'} to move.`);
    return;
  }
  const entry = view.history[ply - 1];
  const who = state.match ? (entry.side === state.match.human ? 'You' : 'Gorgon') : '';
  S.announce(moveWords(entry, view, state.views.get(ply - 1) || null, who));
}
