// The records panel: the position as FEN, the game as PGN (coordinates or
// the inventor's notation), read and written by the server.

import * as api from './api.js';
import * as S from './state.js';
import { state } from './state.js';
import { $ } from './widgets.js';
import { finalResult, gameSpec, setGame } from './game.js';
import { endMatch } from './play.js';

export async function exportPgn() {
  const view = state.views.get(state.ply);
  const over = view ? finalResult(view) : null;
  const tags = state.match ? { White: state.match.human === 'white' ? 'You' : 'Gorgon', Black: state.match.human === 'black' ? 'You' : 'Gorgon' } : {};
  try {
    const r = await api.post('/api/pgn/export', { game: gameSpec(), notation: $('pgn-notation').value, result: over ? over.result : null, tags });
    $('pgn').value = r.pgn;
    S.setMessage();
  } catch (e) {
    S.setMessage(e.message);
  }
}

export async function importPgn() {
  let r;
  try {
    r = await S.ask(api.post('/api/pgn/import', { text: $('pgn').value, variant: state.variant, notation: $('pgn-notation').value === 'book' ? 'book' : 'auto' }));
  } catch (e) {
    S.failed(e);
    return;
  }
  const g = r.games[0];
  endMatch();
  if (await setGame(g.variant, g.fen, g.moves, null)) S.setMessage(r.games.length > 1 ? `${r.games.length} games in the text: the first is shown` : '');
}

export function loadFen() {
  const fen = $('fen').value;
  endMatch();
  setGame(state.variant, fen, []);
}

export function copyFen() {
  if (navigator.clipboard) navigator.clipboard.writeText($('fen').value);
}
