// The analysis panel: the evaluation bar (White's win/draw/loss), the
// engine's lines with depth and speed, each move of a line clickable.

// `+0.35` from White's `[%eval]` text (`0.35`, `-1.20`, `#3`, `#-2`).
export function evalLabel(text) {
  if (text.startsWith('#')) return text.startsWith('#-') ? `#${text.slice(2)} Black` : `${text} White`;
  return text.startsWith('-') ? text : `+${text}`;
}

// Fills the bar: White's share at the bottom, draws grey in between.
export function renderEvalBar(bar, label, info) {
  const [w, d, l] = info ? info.white_wdl : [0, 1000, 0];
  bar.querySelector('.white').style.height = `${w / 10}%`;
  bar.querySelector('.draw').style.height = `${d / 10}%`;
  bar.querySelector('.black').style.height = `${l / 10}%`;
  bar.title = info ? `White ${w / 10}% win, ${d / 10}% draw, ${l / 10}% loss` : '';
  label.textContent = info ? `${evalLabel(info.white_eval)}  W ${(w / 10).toFixed(1)}% · D ${(d / 10).toFixed(1)}% · L ${(l / 10).toFixed(1)}%` : '';
}

function speed(nps) {
  return nps >= 1e6 ? `${(nps / 1e6).toFixed(2)} M nodes/s` : `${Math.round(nps / 1e3)} k nodes/s`;
}

// The lines by MultiPV number; `onPlay(moves)` plays a line up to the
// clicked move.
export function renderLines(container, status, lines, { notation, onPlay }) {
  container.replaceChildren();
  const best = lines[0];
  status.textContent = best ? `depth ${best.depth}/${best.seldepth} · ${speed(best.nps)} · ${(best.nodes / 1e6).toFixed(2)} M nodes · ${(best.time / 1000).toFixed(1)} s` : '';
  for (const line of lines) {
    if (!line) continue;
    const li = document.createElement('li');
    li.dataset.multipv = String(line.multipv);
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = evalLabel(line.white_eval);
    li.appendChild(score);
    const moves = notation === 'book' ? line.pv_book : line.pv;
    moves.forEach((text, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pv-move';
      b.textContent = text;
      b.title = 'Play the line up to this move';
      b.addEventListener('click', () => onPlay(line.pv.slice(0, i + 1)));
      li.appendChild(b);
    });
    container.appendChild(li);
  }
}
