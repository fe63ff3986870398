// The page's one state object and the only functions that change it. A
// change asks for the redraw (draw.js), which reads only this object and
// runs once in the next animation frame however many changes came before
// it; effects (the engine's move, analysis, requests, the address) are
// started by the callers, never by the drawing.

import * as T from './tree.js';

export const state = {
  config: null,
  variant: 'pom',
  startFen: null,
  // The game's tree of moves (tree.js), its root the start position.
  tree: T.node(),
  // Bumped at each change of the tree (a move added, a line promoted or
  // deleted), for the move list.
  treeEpoch: 0,
  // The current line: the nodes of a path through the tree, from the
  // start to the end of the line the shown move is on; the shown
  // position is the one after `ply` of them. `moves` and `history` are
  // its moves and their history entries, `views` the server's views by
  // ply along it (a cache; the shown one is views.get(ply)).
  line: [],
  moves: [],
  ply: 0,
  views: new Map(),
  history: [],
  mode: 'play',
  // The engine's strength in play (`Skill Level`, 0..20; 20 is full).
  level: 20,
  notation: 'coord',
  // A result the board cannot see: a resignation, a flag.
  result: null,
  // The game against the engine: the human's side and the time control.
  match: null,
  thinking: false,
  analysing: false,
  // The analysis' lines by MultiPV number, and the best one's report.
  lines: [],
  evalInfo: null,
  review: null,
  // The nodes of the line the review is of.
  reviewLine: [],
  // `{done, total}` while a review runs, else null.
  reviewProgress: null,
  message: '',
  // The live region's words: the move shown, or what a key on the board did.
  announcement: '',
  flipped: false,
  coordinates: true,
  // The clocks as last read, `{white, black, running}` (ms left, the side
  // whose clock runs), or null without clocks (clock.js keeps them).
  clocks: null,
  // The board editor's position while the Edit tab is open, else null:
  // `{variant, pieces: {square: {color, kind, morph}}, side, rights:
  // "AKak", halfmove, fullmove, tool: {color, kind, morph} | 'erase',
  // verdict: {fen, error, view}}` (editor.js).
  edit: null,
  // Bumped when the board must be drawn again though its view is the same
  // (a refused move leaves a dragged piece to put back).
  boardEpoch: 0,
};

let redraw = () => {};
// The redraw asked for and not run yet (a promise of it), else null.
let pending = null;
// The redraws run, for the browser tests (one per action, not one per change).
export const redraws = { count: 0 };

// `draw()` is called once per frame after changes.
export function onChange(draw) {
  redraw = draw;
}

function change(fields) {
  Object.assign(state, fields);
  if (pending) return;
  pending = new Promise((resolve) => {
    requestAnimationFrame(() => {
      pending = null;
      redraws.count++;
      try {
        redraw();
      } finally {
        resolve();
      }
    });
  });
}

// Resolves once the state as it is now is drawn.
export function drawn() {
  return pending || Promise.resolve();
}

// ---- Replies still wanted.

// The latest action's number. Each action (a step, a move, a new game, a
// takeback, the engine's move) takes the next one when it asks the
// server; an answer is applied only if no action began after its own.
let generation = 0;

// The answer of an action dropped for a newer one.
export class Stale extends Error {
  constructor() {
    super('a newer action came first');
    this.name = 'Stale';
  }
}

// Awaits `request` for a new action: its value (or its refusal) if the
// action is still the latest, else throws Stale. Every await whose answer
// changes the game goes through here.
export async function ask(request) {
  const mine = ++generation;
  let value;
  let error = null;
  try {
    value = await request;
  } catch (e) {
    error = e;
  }
  if (mine !== generation) throw new Stale();
  if (error) throw error;
  return value;
}

// Shows a refusal; a stale answer shows nothing.
export function failed(error) {
  if (!(error instanceof Stale)) setMessage(error.message);
}

// ---- The game.

// `line` (nodes) made the current line, shown after `ply` of its moves;
// `fields` changed too.
function showLine(line, ply, fields = {}) {
  const views = new Map();
  if (state.tree.view) views.set(0, state.tree.view);
  line.forEach((n, i) => { if (n.view) views.set(i + 1, n.view); });
  change({ ...fields, line, moves: line.map((n) => n.move), history: line.map((n) => n.h), views, ply });
}

// The tree changed: answers asked before are for a game that is no more
// (a tree change is an action, as a move is), and a review of a deleted
// line goes.
function treeChanged() {
  generation++;
  const reviewed = state.reviewLine;
  const review = reviewed.length && !T.attached(reviewed[reviewed.length - 1]) ? null : state.review;
  return { treeEpoch: state.treeEpoch + 1, review };
}

// A new game: `view` is the server's replay of it; shown at its end.
export function setGame(variant, startFen, view, result) {
  const tree = T.node();
  const end = T.addPath(tree, view.history.map((h) => h.move)).pop() || tree;
  setTree(variant, startFen, tree, [end], [view], result);
}

// A new game with side lines: `tree` (a root of tree.js) and the server's
// views at the ends of its lines, `ends[i]`'s `views[i]` (the main
// line's first: the game is shown at its end).
export function setTree(variant, startFen, tree, ends, views, result) {
  ends.forEach((end, i) => {
    end.view = views[i];
    T.path(end).forEach((n, k) => { n.h = views[i].history[k]; });
  });
  state.tree = tree;
  const line = T.lineThrough(tree);
  showLine(line, line.length, { variant, startFen, review: null, result, message: '', treeEpoch: state.treeEpoch + 1 });
}

// Goes to the position after `moves` (a path from the start), adding the
// moves the tree lacks (a side line if they branch off from a line), with
// `view` the server's view there; the current line is the one through it.
export function setMoves(moves, view) {
  const nodes = T.addPath(state.tree, moves);
  nodes.forEach((n, i) => { if (!n.h) n.h = view.history[i]; });
  const last = nodes.length ? nodes[nodes.length - 1] : state.tree;
  last.view = view;
  showLine(T.lineThrough(last), nodes.length, { treeEpoch: state.treeEpoch + 1, message: '' });
}

// Goes to node `n` (its view known): the current line is the one through it.
export function goTo(n) {
  showLine(T.lineThrough(n), T.depth(n));
}

// The current line's moves after `ply` deleted (and what followed them
// in side lines), shown at `ply`.
export function cutTo(ply) {
  if (ply < state.line.length) {
    const parent = T.cut(state.line[ply]);
    showLine(T.lineThrough(parent), ply, treeChanged());
  } else {
    showLine(state.line, ply);
  }
}

// Whether node `n` is in the game shown (not deleted, not of an older game).
export function inGame(n) {
  return T.rootOf(n) === state.tree && T.attached(n);
}

// Remembers the view after node `n`, if it is still in the game (no
// redraw: nothing shown changes).
export function keepNodeView(n, view) {
  if (!inGame(n)) return;
  n.view = view;
  const ply = T.depth(n);
  if (ply === 0 || state.line[ply - 1] === n) state.views.set(ply, view);
}

// The node shown (the root at the start).
export function currentNode() {
  return state.ply > 0 ? state.line[state.ply - 1] : state.tree;
}

// The shown move's line promoted one level up (`toMain`: made the main
// line); the same position stays shown.
export function promoteLine(toMain = false) {
  const n = currentNode();
  if (toMain ? T.makeMain(n) : T.promote(n)) showLine(T.lineThrough(n), state.ply, treeChanged());
}

// The shown move's line deleted from where it branches off (on the main
// line, the shown move and all after it); shown where it branched off.
export function deleteLine() {
  const n = currentNode();
  if (T.isRoot(n)) return;
  const parent = T.cut(T.lineStart(n) || n);
  showLine(T.lineThrough(parent), T.depth(parent), treeChanged());
}

// Remembers the view after `ply` moves of the current line (no redraw:
// nothing shown changes).
export function keepView(ply, view) {
  (ply > 0 ? state.line[ply - 1] : state.tree).view = view;
  state.views.set(ply, view);
}

export function setPly(ply) {
  change({ ply });
}

export function setResult(result) {
  change({ result });
}

export function setMatch(match) {
  change({ match });
}

export function setThinking(thinking) {
  change({ thinking });
}

// ---- Panels.

export function setConfig(config) {
  change({ config });
}

export function setMode(mode) {
  change({ mode });
}

export function setNotation(notation) {
  change({ notation });
}

export function setAnalysing(analysing) {
  change({ analysing });
}

// An analysis begins: no lines yet.
export function clearLines() {
  change({ lines: [] });
}

// A line of the analysis (`info`), in its MultiPV place.
export function setLine(info) {
  const lines = [...state.lines];
  lines[info.multipv - 1] = info;
  change({ lines, evalInfo: info.multipv === 1 ? info : state.evalInfo });
}

export function setEvalInfo(evalInfo) {
  change({ evalInfo });
}

// The review of `line` (nodes; the current line by default).
export function setReview(review, line = state.line) {
  change({ review, reviewLine: line });
}

export function setReviewProgress(reviewProgress) {
  change({ reviewProgress });
}

export function setMessage(message = '') {
  change({ message });
}

export function announce(announcement) {
  change({ announcement });
}

export function flip() {
  change({ flipped: !state.flipped });
}

// The play panel's level; an integer in 0..20, anything else full strength.
export function setLevel(level) {
  change({ level: Number.isInteger(level) && level >= 0 && level <= 20 ? level : 20 });
}

export function setCoordinates(coordinates) {
  change({ coordinates });
}

// The clocks' reading (clock.js), at each tick and each start or stop.
export function setClocks(clocks) {
  change({ clocks });
}

// The board editor's position (null when it closes).
export function setEdit(edit) {
  change({ edit });
}

// The board drawn again as it is (a refused move's piece put back).
export function redrawBoard() {
  change({ boardEpoch: state.boardEpoch + 1 });
}
