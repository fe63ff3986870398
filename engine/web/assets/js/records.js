// The records panel: the position as FEN, the game as PGN (coordinates or
// the inventor's notation), read and written by the server.

import * as api from './api.js';
import * as S from './state.js';
import { state } from './state.js';
import { $ } from './widgets.js';
import { setGame } from './game.js';
import * as T from './tree.js';
import { endMatch } from './play.js';

// The game with its side lines, and the comments and glyphs a record
// brought, in either notation.
export async function exportPgn() {
  const tags = state.match ? { White: state.match.human === 'white' ? 'You' : 'Gorgon', Black: state.match.human === 'black' ? 'You' : 'Gorgon' } : {};
  const notation = $('pgn-notation').value;
  // The rules' result of the main line's end is the server's to add.
  const body = { game: { variant: state.variant, fen: state.startFen, moves: [] }, tree: T.toNodes(state.tree), notation, result: state.result ? state.result.result : null, tags };
  try {
    const r = await api.post('/api/pgn/export', body);
    $('pgn').value = r.pgn;
    S.setMessage();
  } catch (e) {
    S.setMessage(e.message);
  }
}

// The first game of the text, with its side lines.
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
  if (await setGame(g.variant, g.fen, g.moves, null, g.tree ? g.tree.nodes : null)) S.setMessage(r.games.length > 1 ? `${r.games.length} games in the text: the first is shown` : '');
}

export function loadFen() {
  const fen = $('fen').value;
  endMatch();
  setGame(state.variant, fen, []);
}

export function copyFen() {
  if (navigator.clipboard) navigator.clipboard.writeText($('fen').value);
}
