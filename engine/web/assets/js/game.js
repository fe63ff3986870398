// The game shown ply by ply: the server's views (every position, legal
// move and move text comes from the server, which replays the game with
// the rules crate), stepping, moves and new games. Each of these asks
// through state.ask, so that an answer overtaken by a newer action is
// dropped; what a shown position calls for (the engine's move, analysis)
// runs after it is drawn, in the handler main.js sets with `afterShow`.

import * as api from './api.js';
import * as S from './state.js';
import { state } from './state.js';
import { clocks, stopRunning } from './widgets.js';
import * as T from './tree.js';

// Figures for docs/WEB.md and the browser tests.
export const timings = { ready: null, positions: [] };

let shown = () => {};

// `effects(view)` runs after each position is shown.
export function afterShow(effects) {
  shown = effects;
}

export function gameSpec(ply = state.moves.length) {
  return { variant: state.variant, fen: state.startFen, moves: state.moves.slice(0, ply) };
}

// The server's view of a game, timed.
async function position(spec) {
  const started = performance.now();
  const view = await api.post('/api/position', spec);
  timings.positions.push(performance.now() - started);
  return view;
}

// The view after `ply` moves, from the cache or the server.
export async function viewAt(ply) {
  if (state.views.has(ply)) return state.views.get(ply);
  const spec = gameSpec(ply);
  const view = await position(spec);
  // Kept only if the game is still the one asked about (a late answer
  // for an older game must not fill this one's cache).
  const now = gameSpec(ply);
  if (spec.variant === now.variant && spec.fen === now.fen && spec.moves.length === now.moves.length
      && spec.moves.every((m, i) => now.moves[i] === m)) S.keepView(ply, view);
  return view;
}

// The view after node `n` of the tree (on the current line or not).
async function viewOf(n) {
  if (n.view) return n.view;
  const view = await position({ variant: state.variant, fen: state.startFen, moves: T.movesOf(n) });
  S.keepNodeView(n, view);
  return view;
}

// Shows the position after node `n` (a click on any move of any line):
// the current line becomes the one through it.
export async function showNode(n) {
  let view;
  try {
    view = await S.ask(viewOf(n));
  } catch (e) {
    S.failed(e);
    return;
  }
  if (!S.inGame(n)) return;
  S.goTo(n);
  shown(view);
}

// The result shown: the rules' outcome, else a resignation or flag.
export function finalResult(view) {
  if (view.outcome) return { result: view.outcome.result, reason: view.outcome.reason };
  return state.result;
}

export function atEnd() {
  return state.ply === state.moves.length;
}

// Shows the position after `ply` moves and starts what it calls for.
export async function show(ply) {
  ply = Math.max(0, Math.min(state.moves.length, ply));
  let view;
  try {
    view = await S.ask(viewAt(ply));
  } catch (e) {
    S.failed(e);
    return;
  }
  S.setPly(ply);
  shown(view);
}

function startFenOf(variant) {
  const v = state.config.variants.find((x) => x.name === variant);
  return v ? v.start_fen : null;
}

// A new game: `moves` replayed by the server from `fen` (or the start),
// or with side lines, `nodes` (the API's tree) instead of `moves`.
export async function setGame(variant, fen, moves, result = null, nodes = null) {
  stopRunning();
  const tree = T.node();
  const ends = nodes ? T.graft(tree, nodes) : [T.addPath(tree, moves).pop() || tree];
  let views;
  try {
    views = await S.ask(Promise.all(ends.map((end) => position({ variant, fen: fen || null, moves: T.movesOf(end) }))));
  } catch (e) {
    S.failed(e);
    return false;
  }
  const view = views[0];
  S.setTree(variant, view.start_fen === startFenOf(variant) ? null : view.start_fen, tree, ends, views, result);
  shown(view);
  return true;
}

// Plays `text` after `after`: a ply of the current line (by default the
// shown one) or a node of the tree. After the end of a line it continues
// the line; from an earlier position it starts a side line (the rest of
// the game stays), or goes into the line it names if there is one.
export async function playMove(text, after = state.ply) {
  const moves = [...(typeof after === 'number' ? state.moves.slice(0, after) : T.movesOf(after)), text];
  let view;
  try {
    view = await S.ask(position({ variant: state.variant, fen: state.startFen, moves }));
  } catch (e) {
    S.failed(e);
    S.redrawBoard();
    return false;
  }
  S.setMoves(moves, view);
  clocks.moved(view.history[moves.length - 1].side);
  shown(view);
  return true;
}
