// The keys: Left and Right step, Home and End (or Up and Down) go to the
// start and the end, `f` flips the board. Not while typing or picking.

import * as S from './state.js';
import { state } from './state.js';
import { $ } from './widgets.js';
import { show } from './game.js';

export function keys(event) {
  const tag = event.target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || !$('picker').hidden) return;
  const step = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.moves.length, ArrowUp: 0, ArrowDown: state.moves.length }[event.key];
  if (step !== undefined) {
    event.preventDefault();
    show(step);
  } else if (event.key === 'f') {
    S.flip();
  }
}
