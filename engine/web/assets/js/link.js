// Links: the game and the move shown, held in the address's fragment
// (`#variant=pom&fen=...&moves=e3e5+h10h8&ply=2`), so that a link opens
// the same game at the same move. Nothing is stored on the server, and the
// query (where `gorgon serve` put the token) is never part of a link.

import * as api from './api.js';
import * as S from './state.js';
import { state } from './state.js';
import { setGame, show } from './game.js';
import { endMatch } from './play.js';

// Spaces as `+`, and `/` and `(...)` kept, so that a FEN and the moves
// stay readable; URLSearchParams reads it back.
function encode(text) {
  return encodeURIComponent(text).replace(/%20/g, '+').replace(/%2F/g, '/');
}

// The fragment (without `#`) of a game `{variant, startFen, moves, ply}`,
// with the play panel's `level` when it is not full strength (20).
export function linkFragment({ variant, startFen, moves, ply, level }) {
  const parts = [`variant=${encode(variant)}`];
  if (startFen) parts.push(`fen=${encode(startFen)}`);
  if (moves.length) parts.push(`moves=${moves.map(encode).join('+')}`);
  parts.push(`ply=${ply}`);
  if (Number.isInteger(level) && level < 20) parts.push(`level=${level}`);
  return parts.join('&');
}

// The game a fragment names, `{variant, fen, moves, ply}`, or null when it
// names none. The server replays it and refuses what the rules refuse.
export function readLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const variant = params.get('variant');
  if (!variant) return null;
  const moves = (params.get('moves') || '').split(' ').filter(Boolean);
  const ply = Number(params.get('ply'));
  // `mode=review` (or `analyse`): the page opens in that mode (the live
  // view of a tournament links its finished games so).
  const mode = ['review', 'analyse'].includes(params.get('mode')) ? params.get('mode') : null;
  // `game=N`: game N of the tournament the server follows (`gorgon serve
  // --tournament`), whose PGN holds the engines' comments.
  // `run=R`: the runner's run that game is of (the log may have been
  // started again since the link was made).
  const game = Number(params.get('game'));
  const run = params.get('run');
  // `level=N`: the play panel's level (0..20); absent, full strength.
  const level = params.has('level') ? Number(params.get('level')) : 20;
  return {
    variant,
    fen: params.get('fen') || null,
    moves,
    ply: params.has('ply') && Number.isInteger(ply) ? ply : moves.length,
    mode,
    game: Number.isInteger(game) && game > 0 ? game : null,
    run,
    level: Number.isInteger(level) && level >= 0 && level <= 20 ? level : 20,
  };
}

// A finished game of the tournament the server follows, from the PGN the
// runner wrote into its event log (that one game, fetched by its number),
// so that the review shows each engine move's `{+0.35/12 0.02s}` (score,
// depth, time) as the runner kept it. Only when that game is the link's
// own (of its run, and with its moves if the link has them): otherwise
// false, and the link's moves are opened alone.
async function openTournamentGame(link) {
  try {
    const run = link.run ? `?run=${encodeURIComponent(link.run)}` : '';
    const end = await api.get(`/api/tournament/games/${link.game}${run}`);
    if (!end || !end.pgn) return false;
    const r = await api.post('/api/pgn/import', { text: end.pgn, variant: link.variant, notation: 'auto' });
    const g = r.games[0];
    if (!g || g.variant !== link.variant) return false;
    if (link.moves.length && g.moves.join(' ') !== link.moves.join(' ')) return false;
    return await setGame(g.variant, g.fen, g.moves, null, g.tree ? g.tree.nodes : null);
  } catch (_) {
    return false;
  }
}

// After a position is shown: the address names the game and the move
// shown (replaced, not pushed: no history entry per move).
export function linkEffects() {
  const fragment = linkFragment(state);
  if (location.hash !== `#${fragment}`) history.replaceState(history.state, '', `#${fragment}`);
}

// The link to share: this page's address with the fragment, no query.
export function linkUrl(fragment) {
  return `${location.origin}${location.pathname}#${fragment}`;
}

// Opens the game a link names (or the default game when it names none);
// a game the rules refuse is named in the message, and the default game
// shown instead.
export async function openLink(link) {
  endMatch();
  S.setLevel(link ? link.level : 20);
  if (link && link.game && (await openTournamentGame(link))) {
    // A link without moves (a game that ended before the live view
    // opened) shows the game from its ply, its start by default.
    if (link.ply !== link.moves.length || !link.moves.length) await show(link.ply);
    return;
  }
  if (link && (await setGame(link.variant, link.fen, link.moves))) {
    if (link.ply !== link.moves.length) await show(link.ply);
    return;
  }
  const refused = link ? state.message : '';
  await setGame(link && link.variant === 'minipom' ? 'minipom' : 'pom', null, []);
  if (refused) S.setMessage(`The link's game was refused: ${refused}`);
}

// An address typed or pasted with another fragment (the page is not
// reloaded for that): its game is opened.
export function onHashChange() {
  const link = readLink(location.hash);
  if (link && location.hash.slice(1) !== linkFragment(state)) openLink(link);
}

export async function copyLink(input, button) {
  const text = input.value;
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    // No clipboard API (an insecure context or no permission): the
    // browser's own copy of the selected text.
    input.select();
    document.execCommand('copy');
  }
  button.textContent = 'Copied';
  setTimeout(() => { button.textContent = 'Copy link'; }, 1500);
}
