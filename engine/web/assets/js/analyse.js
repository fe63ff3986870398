// The analysis panel: the engine's lines of the shown position, each
// drawn as an arrow on the board, and played out by a click
// (analysis.js draws the lines and the evaluation bar).

import * as S from './state.js';
import { state } from './state.js';
import { $, run, stopRunning } from './widgets.js';
import { gameSpec, playMove, show } from './game.js';

// After a position is shown: analysed, if the analysis is on.
export function analyseEffects(view) {
  if (!state.analysing) return;
  S.clearLines();
  if (view.outcome) {
    S.setEvalInfo(null);
    stopRunning();
    return;
  }
  const lines = Number($('lines-count').value);
  const threads = Number($('threads').value);
  run('analyse', state.moves.length, '/api/search', { game: gameSpec(state.ply), lines, threads, hash: Number($('hash').value) }, (name, data) => {
    // Scores outside an aspiration window (bounds) would put lines of one
    // depth out of order: only exact ones are shown.
    if (name !== 'info' || data.pv.length === 0 || data.bound !== null) return;
    S.setLine(data);
  });
}

// The arrows of the lines shown: from a move's piece to the square a
// click would take, as the view's legal moves give them (castling points
// at the Tower).
export function arrows(lines, view) {
  return lines.map((l, i) => ({ ...moveSquares(l.pv[0], view), strength: 1 - i / Math.max(1, lines.length) }));
}

function moveSquares(text, view) {
  for (const [from, targets] of Object.entries(view.legal)) {
    for (const t of targets) if (t.moves.some((m) => m.move === text)) return { from, to: t.to };
  }
  const m = /^([a-z]\d+)([a-z]\d+)/.exec(text) || [];
  return { from: m[1], to: m[2] };
}

export async function playLine(moves) {
  for (const m of moves) {
    if (!(await playMove(m))) break;
  }
}

export function setAnalysing(on) {
  S.setAnalysing(on);
  if (on) {
    show(state.ply);
  } else {
    stopRunning();
  }
}

export function toggle() {
  setAnalysing(!state.analysing);
}

// Another count of lines, threads or hash: the analysis starts again.
export function restart() {
  if (state.analysing) show(state.ply);
}

