// The review's evaluation graph, drawn as `gorgon annotate --plot` draws
// it (docs/ANALYSIS.md): White's expected score after every ply, White's
// share shaded, the 0.5 line, the judged moves in yellow, orange and red;
// a click jumps to the move.

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 160;

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent.appendChild(node);
  return node;
}

// Draws `review` (the server's `review` event) into `svg`; `ply` is the
// position shown (null if it is not on the line reviewed);
// `onSelect(ply)` on a click.
export function drawGraph(svg, review, ply, onSelect) {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const curve = review.curve;
  const plies = Math.max(1, curve.length - 1);
  const x = (p) => (p / plies) * W;
  const y = (e) => H - e * H;
  el('rect', { x: 0, y: 0, width: W, height: H, class: 'graph-bg' }, svg);
  const points = curve.map(([p, e]) => `${x(p).toFixed(1)},${y(e).toFixed(1)}`);
  el('polygon', { points: `0,${H} ${points.join(' ')} ${x(curve[curve.length - 1][0])},${H}`, class: 'graph-white' }, svg);
  el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'graph-mid' }, svg);
  el('polyline', { points: points.join(' '), class: 'graph-line' }, svg);
  review.moves.forEach((m) => {
    if (!m.glyph) return;
    const [p, e] = curve[m.ply + 1];
    el('circle', { cx: x(p), cy: y(e), r: 5, class: `graph-mark ${m.glyph === '??' ? 'blunder' : m.glyph === '?' ? 'mistake' : 'inaccuracy'}` }, svg);
  });
  if (ply !== null) el('line', { x1: x(ply), y1: 0, x2: x(ply), y2: H, class: 'graph-cursor', 'data-ply': String(ply) }, svg);
  svg.onclick = (event) => {
    const m = svg.getScreenCTM();
    if (!m) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    onSelect(Math.max(0, Math.min(plies, Math.round((point.x / W) * plies))));
  };
}

// `White: 2 ?!, 1 ?, 0 ??, average loss 3.1 %`.
export function summary(name, side) {
  return `${name}: ${side.inaccuracies} ?!, ${side.mistakes} ?, ${side.blunders} ??, average loss ${(100 * side.average_loss).toFixed(1)} %`;
}
