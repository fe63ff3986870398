// The page's one state object and the only functions that change it. Each
// change asks for one redraw (draw.js), which reads only this object;
// effects (the engine's move, analysis, requests) are started by the
// callers, never by the drawing.

export const state = {
  config: null,
  variant: 'pom',
  startFen: null,
  moves: [],
  ply: 0,
  // The server's views by ply (a cache; the shown one is views.get(ply)).
  views: new Map(),
  history: [],
  mode: 'play',
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
  // `{done, total}` while a review runs, else null.
  reviewProgress: null,
  message: '',
  // The live region's words: the move shown, or what a key on the board did.
  announcement: '',
  flipped: false,
  coordinates: true,
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

// `draw()` is called after every change.
export function onChange(draw) {
  redraw = draw;
}

function change(fields) {
  Object.assign(state, fields);
  redraw();
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

// A new game: `view` is the server's replay of it; shown at its end.
export function setGame(variant, startFen, view, result) {
  const moves = view.history.map((h) => h.move);
  change({ variant, startFen, moves, history: view.history, views: new Map([[moves.length, view]]), ply: moves.length, review: null, result, message: '' });
}

// `moves` played (the game's later moves go), `view` after them; shown.
export function setMoves(moves, view) {
  const changed = state.moves.length !== moves.length - 1 || state.moves[moves.length - 1] !== moves[moves.length - 1];
  for (const key of [...state.views.keys()]) if (key >= moves.length) state.views.delete(key);
  state.views.set(moves.length, view);
  change({ moves, history: view.history, ply: moves.length, review: changed ? null : state.review, message: '' });
}

// The game cut to `ply` moves, shown there.
export function cutTo(ply) {
  for (const key of [...state.views.keys()]) if (key > ply) state.views.delete(key);
  change({ moves: state.moves.slice(0, ply), history: state.history.slice(0, ply), ply, review: null });
}

// Remembers the view after `ply` moves (no redraw: nothing shown changes).
export function keepView(ply, view) {
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

export function setReview(review) {
  change({ review });
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

export function setCoordinates(coordinates) {
  change({ coordinates });
}

// The board editor's position (null when it closes).
export function setEdit(edit) {
  change({ edit });
}

// The board drawn again as it is (a refused move's piece put back).
export function redrawBoard() {
  change({ boardEpoch: state.boardEpoch + 1 });
}
