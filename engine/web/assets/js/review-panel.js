// The review panel: the whole game judged by the engine, with progress;
// the graph and the move list's glyphs are drawn from state.review
// (review.js draws the graph).

import * as S from './state.js';
import { state } from './state.js';
import { $, run } from './widgets.js';
import { gameSpec } from './game.js';
import { setAnalysing } from './analyse.js';

// Reviews the current line (from the start to its end; the main line
// when no side line is shown).
export function review() {
  setAnalysing(false);
  S.setReview(null);
  const line = state.line;
  const total = state.moves.length + 1;
  const depth = Number($('review-depth').value);
  run('review', state.moves.length, '/api/review', { game: gameSpec(), depth, threads: Number($('threads').value) }, (name, data) => {
    if (name === 'progress') {
      S.setReviewProgress({ done: data.done, total });
    } else if (name === 'review') {
      S.setReviewProgress(null);
      S.setReview(data, line);
    }
  });
  S.setReviewProgress({ done: 0, total });
}
