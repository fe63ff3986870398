// The two clocks of a game against the engine, kept by the page (the
// engine is told both times with each search). A side's clock runs from
// the moment it is to move; the increment is added after its move. Each
// change and each tick (ten a second while one runs) is reported to
// `onTick(reading)`, which puts the reading in the page's state to draw.

export class Clocks {
  constructor(onTick, onFlag) {
    this.onTick = onTick;
    this.onFlag = onFlag;
    this.control = null;
    this.left = null;
    this.running = null;
  }

  // `control` `{minutes, increment}` (seconds), or null for no clock.
  reset(control) {
    this.stop();
    this.control = control;
    this.left = control ? { white: control.minutes * 60000, black: control.minutes * 60000 } : null;
    this.running = null;
    this.told();
  }

  get enabled() {
    return this.left !== null;
  }

  // Starts `side`'s clock (the other one stops).
  start(side) {
    if (!this.enabled) return;
    this.pause();
    this.running = side;
    this.since = performance.now();
    this.timer = setInterval(() => this.tick(), 100);
    this.told();
  }

  // What the clocks show: `{white, black, running}`, or null without clocks.
  reading() {
    if (!this.enabled) return null;
    return { white: this.remaining('white'), black: this.remaining('black'), running: this.running };
  }

  told() {
    this.onTick(this.reading());
  }

  // The time a side has now, ms.
  remaining(side) {
    if (!this.enabled) return null;
    let left = this.left[side];
    if (this.running === side) left -= performance.now() - this.since;
    return Math.max(0, Math.round(left));
  }

  // A side has moved: its clock stops and gets the increment.
  moved(side) {
    if (!this.enabled) return;
    if (this.running === side) {
      this.left[side] = this.remaining(side) + this.control.increment * 1000;
      this.pause();
    }
    this.told();
  }

  pause() {
    if (this.running) this.left[this.running] = this.remaining(this.running);
    clearInterval(this.timer);
    this.running = null;
    this.told();
  }

  stop() {
    if (this.left) this.pause();
    clearInterval(this.timer);
    this.running = null;
    this.told();
  }

  tick() {
    this.told();
    if (this.running && this.remaining(this.running) <= 0) {
      const side = this.running;
      this.left[side] = 0;
      this.stop();
      this.onFlag(side);
    }
  }
}

// `4:05`, `0:09.3` under ten seconds.
export function clockText(ms) {
  if (ms === null) return '';
  // Tenths below ten seconds, cut (not rounded) as a clock shows time
  // left: 9.96 s is 0:09.9, never 0:010.0.
  if (ms < 10000) {
    const tenths = Math.floor(ms / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
