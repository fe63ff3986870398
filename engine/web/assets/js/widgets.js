// The page's widgets that keep their own working state (the board's
// selection, the clocks' time, the running request), shared by the
// panels. What they report goes to the handlers main.js sets in `on`.

import { Board } from './board.js';
import { choose } from './picker.js';
import { Clocks } from './clock.js';
import { Runner } from './runner.js';
import { setMessage, setReviewProgress } from './state.js';

export const $ = (id) => document.getElementById(id);

export const on = {
  // A move made on the board (its text).
  move: () => {},
  // A side's clock fell.
  flag: () => {},
  // The clocks' reading (clock.js), at each tick and each start or stop.
  tick: () => {},
  // What a key on the board did, for the live region.
  say: () => {},
};

export const board = new Board($('board'), { onMove: (m) => on.move(m), choose, say: (text) => on.say(text) });
export const clocks = new Clocks((reading) => on.tick(reading), (side) => on.flag(side));
// The engine: one request at a time for this page (runner.js).
export const runner = new Runner((text) => setMessage(text));

export function stopRunning() {
  runner.stop();
  setReviewProgress(null);
}

export function run(kind, plies, path, body, onEvent) {
  setReviewProgress(null);
  runner.run(kind, plies, path, body, onEvent);
}
