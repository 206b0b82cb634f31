// Draws the grid as SVG: the player's position (givens, placed digits, corner and centre marks,
// colours, selection) and, over it, a step of the solver in one visual vocabulary (the legend in
// index.html shows it): pattern cells filled by role, base houses outlined, cover houses hatched,
// fins dotted, eliminated candidates red and struck through, placements outlined green, chain
// links as curved arrows from candidate to candidate, strong solid and weak dashed.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const CELL = 60;
const PLAYER_COLOURS = ["#f4a3a3", "#f7c97e", "#f3ef8a", "#a8e6a1", "#9fd3f2", "#b7a6f2", "#f2a6e0", "#c8c8c8", "#8fd9c9"];

function el(name, attrs, parent, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

function digitSymbol(d) {
  return d <= 9 ? String(d) : String.fromCharCode(55 + d);  // 10 = A, as the CLI writes them
}

// Where candidate d sits inside a cell: a sub-grid of ceil(sqrt(n)) columns.
function candidateSpot(n, d) {
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.ceil(n / cols);
  const i = d - 1;
  return {
    x: ((i % cols) + 0.5) * (CELL / cols),
    y: (Math.floor(i / cols) + 0.5) * (CELL / rows),
    size: Math.min(CELL / cols, CELL / rows),
  };
}

function candidateCentre(n, cell, d) {
  const s = candidateSpot(n, d);
  return { x: (cell % n) * CELL + s.x, y: Math.floor(cell / n) * CELL + s.y };
}

function houseCells(n, br, bc, house) {
  const cells = [];
  if (house < n) for (let c = 0; c < n; c++) cells.push(house * n + c);
  else if (house < 2 * n) for (let r = 0; r < n; r++) cells.push(r * n + (house - n));
  else {
    const b = house - 2 * n, boxesPerRow = n / bc;
    const r0 = Math.floor(b / boxesPerRow) * br, c0 = (b % boxesPerRow) * bc;
    for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) cells.push((r0 + r) * n + c0 + c);
  }
  return cells;
}

function houseRect(n, br, bc, house) {
  const cells = houseCells(n, br, bc, house);
  const rs = cells.map((c) => Math.floor(c / n)), cs = cells.map((c) => c % n);
  const r0 = Math.min(...rs), c0 = Math.min(...cs);
  return { x: c0 * CELL, y: r0 * CELL, w: (Math.max(...cs) - c0 + 1) * CELL, h: (Math.max(...rs) - r0 + 1) * CELL };
}

function defs(svg) {
  const d = el("defs", {}, svg);
  const hatch = el("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, d);
  el("line", { class: "hatch-line", x1: 0, y1: 0, x2: 0, y2: 8 }, hatch);
  const dots = el("pattern", { id: "dots", width: 8, height: 8, patternUnits: "userSpaceOnUse" }, d);
  el("circle", { class: "dot", cx: 4, cy: 4, r: 1.6 }, dots);
  for (const kind of ["strong", "weak"]) {
    const m = el("marker", { id: "arrow-" + kind, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, d);
    el("path", { d: "M0 0 L10 5 L0 10 z", class: "arrowhead-" + kind }, m);
  }
}

// The links to draw for a step: a chain's links as they are, a forcing chain's implications
// from each parent node to its child (strong when the child is on, weak when it is off; marked
// `advanced` when the child follows from a deduction beyond singles, such as a nested chain, whose
// parents are the removals it starts from). With `branch` (an index into the step's targets),
// only what proves that target: its ancestors and the implications between them.
function stepLinks(step, branch) {
  if (step.links && step.links.length) return step.links.map((l) => ({ from: l.from, to: l.to, kind: l.kind }));
  const nodes = step.nodes || [];
  const shown = branchNodes(step, branch);
  const out = [];
  nodes.forEach((node, i) => {
    if (!shown[i]) return;
    for (const p of node.parents || []) {
      const parent = nodes[p];
      if (parent) out.push({ from: parent, to: node, kind: node.on ? "strong" : "weak", advanced: node.cause === "advanced" });
    }
  });
  return out;
}
// Which nodes a branch shows: every node, or the target's ancestors (parents come before their
// children, so one backward pass finds them).
function branchNodes(step, branch) {
  const nodes = step.nodes || [];
  const target = branch === undefined || branch === null ? undefined : (step.targets || [])[branch];
  if (target === undefined) return nodes.map(() => true);
  const shown = nodes.map(() => false);
  shown[target] = true;
  for (let i = target; i >= 0; i--) if (shown[i]) for (const p of nodes[i].parents || []) shown[p] = true;
  return shown;
}
// A forcing chain's branches: one per target (each place of a digit, each candidate of a cell,
// the two sides of a contradiction), each with the assumption it starts from and its line of
// implications (first parents) from the assumption to the target.
function stepBranches(step) {
  const nodes = step.nodes || [];
  return (step.targets || []).map((t) => {
    const line = [];
    for (let i = t; i !== undefined && nodes[i]; i = (nodes[i].parents || [])[0]) line.unshift(nodes[i]);
    return { target: nodes[t], assumption: line[0], line };
  });
}

// Draws everything. `m`: {n, br, bc, givens, values, corner, centre, colour, selected, shown},
// where shown[c] is the list of candidates drawn in an empty cell (centre marks or
// auto-candidates). `o`: {step, stage, wrong, house, branch} (what the hint reveals; branch: the
// one branch of a forcing chain drawn, or all).
function drawGrid(svg, m, o) {
  const n = m.n, size = n * CELL;
  svg.textContent = "";
  svg.setAttribute("viewBox", `-4 -4 ${size + 8} ${size + 8}`);
  defs(svg);
  const step = o.step && o.stage >= 3 ? o.step : null;
  const bg = el("g", { class: "layer-bg" }, svg);
  const roleOf = new Map();
  if (step) for (const c of step.cells || []) if (!roleOf.has(c.cell)) roleOf.set(c.cell, c.role);
  for (let c = 0; c < n * n; c++) {
    const x = (c % n) * CELL, y = Math.floor(c / n) * CELL;
    if (m.colour[c]) el("rect", { x, y, width: CELL, height: CELL, class: "colour", "data-cell": c, "data-colour": m.colour[c], fill: PLAYER_COLOURS[(m.colour[c] - 1) % PLAYER_COLOURS.length], "fill-opacity": 0.6 }, bg);
    if (m.selected.has(c)) el("rect", { x, y, width: CELL, height: CELL, class: "selected" }, bg);
  }
  if (o.step && o.stage == 2 && o.house !== null && o.house !== undefined) {
    const r = houseRect(n, m.br, m.bc, o.house);
    el("rect", { x: r.x, y: r.y, width: r.w, height: r.h, class: "house-hl", "data-house": o.house }, bg);
  }
  const pattern = el("g", { class: "layer-pattern" }, svg);
  if (step) {
    for (const h of step.houses || []) {
      const r = houseRect(n, m.br, m.bc, h.house);
      const cls = h.role === "cover" ? "house-cover" : "house-base";
      el("rect", { x: r.x + 2, y: r.y + 2, width: r.w - 4, height: r.h - 4, class: cls, "fill-opacity": h.role === "cover" ? 0.35 : 1, "data-role": h.role }, pattern);
    }
    for (const [cell, role] of roleOf) {
      el("rect", { x: (cell % n) * CELL + 1, y: Math.floor(cell / n) * CELL + 1, width: CELL - 2, height: CELL - 2, class: "cell-" + role, "data-cell": cell, "data-role": role }, pattern);
    }
  }
  // Grid lines.
  const lines = el("g", { class: "layer-lines" }, svg);
  for (let i = 0; i <= n; i++) {
    const rowThick = i % m.br === 0, colThick = i % m.bc === 0;
    el("line", { x1: 0, y1: i * CELL, x2: size, y2: i * CELL, class: rowThick ? "thick" : "thin" }, lines);
    el("line", { x1: i * CELL, y1: 0, x2: i * CELL, y2: size, class: colThick ? "thick" : "thin" }, lines);
  }
  // Digits and marks.
  const elim = new Set(), candRole = new Map(), place = new Map();
  if (o.step && o.stage >= 4) {
    for (const e of o.step.eliminations) elim.add(e.cell * 64 + e.digit);
    for (const p of o.step.placements) place.set(p.cell, p.digit);
  }
  if (step) for (const c of step.candidates || []) candRole.set(c.cell * 64 + c.digit, c.role);
  const digits = el("g", { class: "layer-digits" }, svg);
  // ARIA's grid: rows of cells, each cell read as "r4c5, empty, candidates 3 7".
  const rows = Array.from({ length: n }, (_, r) => el("g", { role: "row", "aria-label": `row ${r + 1}` }, digits));
  for (let c = 0; c < n * n; c++) {
    const x = (c % n) * CELL, y = Math.floor(c / n) * CELL;
    const g = el("g", { role: "gridcell", "data-cell": c, "aria-label": cellLabel(m, c) }, rows[Math.floor(c / n)]);
    const v = m.values[c];
    if (v) {
      el("text", { x: x + CELL / 2, y: y + CELL / 2 + 1, class: "digit " + (m.givens[c] ? "given" : "placed"), "font-size": CELL * (n > 9 ? 0.5 : 0.62) }, g, digitSymbol(v));
      continue;
    }
    if (place.has(c)) {
      el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "placement", "data-cell": c }, g);
    }
    for (const d of m.shown[c] || []) {
      const s = candidateSpot(n, d), key = c * 64 + d;
      const cx = x + s.x, cy = y + s.y;
      const role = candRole.get(key);
      let cls = "cand";
      if (role) cls += " cand-" + role;
      if (elim.has(key)) cls += " elim";
      if (place.get(c) === d) cls += " placement-digit";
      if (role && !elim.has(key)) el("circle", { cx, cy, r: s.size * 0.42, class: "cand-ring" + (role === "off" ? " off" : "") }, g);
      el("text", { x: cx, y: cy + 0.5, class: cls, "font-size": s.size * 0.78, "data-cand": key }, g, digitSymbol(d));
      if (elim.has(key)) {
        const r = s.size * 0.4;
        el("line", { x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r, class: "strike", "data-elim": key }, g);
      }
    }
    if (place.has(c) && !(m.shown[c] || []).includes(place.get(c))) {
      el("text", { x: x + CELL / 2, y: y + CELL / 2, class: "digit placement-digit", "font-size": CELL * 0.5 }, g, digitSymbol(place.get(c)));
    }
    const corner = [...(m.corner[c] || [])].sort((a, b) => a - b);
    const spots = [[0.18, 0.2], [0.82, 0.2], [0.18, 0.82], [0.82, 0.82], [0.5, 0.2], [0.5, 0.82], [0.18, 0.5], [0.82, 0.5]];
    corner.forEach((d, i) => {
      const [fx, fy] = spots[i % spots.length];
      el("text", { x: x + fx * CELL, y: y + fy * CELL, class: "corner", "font-size": CELL * 0.2 }, g, digitSymbol(d));
    });
  }
  // Chains.
  if (step) {
    const links = stepLinks(step, o.branch);
    const seen = new Map();
    // Wide invisible strokes under the arrows: the pointer finds an arrow without hitting its
    // 2 px line exactly, and a line hit exactly still wins over a neighbour's wide stroke.
    const hits = el("g", { class: "layer-link-hits" }, svg);
    const layer = el("g", { class: "layer-links" }, svg);
    links.forEach((l, i) => {
      const a = candidateCentre(n, l.from.cell, l.from.digit), b = candidateCentre(n, l.to.cell, l.to.digit);
      // Links between the same two cells bend apart so that none hides another.
      const key = Math.min(l.from.cell, l.to.cell) + "-" + Math.max(l.from.cell, l.to.cell);
      const k = seen.get(key) || 0;
      seen.set(key, k + 1);
      const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
      const bend = (0.18 + 0.12 * k) * len * (k % 2 ? -1 : 1);
      const mx = (a.x + b.x) / 2 - (dy / len) * bend, my = (a.y + b.y) / 2 + (dx / len) * bend;
      const shorten = 7;
      const ex = b.x - ((b.x - mx) / Math.hypot(b.x - mx, b.y - my)) * shorten;
      const ey = b.y - ((b.y - my) / Math.hypot(b.x - mx, b.y - my)) * shorten;
      const d = `M${a.x} ${a.y} Q${mx} ${my} ${ex} ${ey}`;
      const ends = { "data-from": l.from.cell * 64 + l.from.digit, "data-to": l.to.cell * 64 + l.to.digit };
      el("path", { d, class: "link " + l.kind + (l.advanced ? " advanced" : ""), "data-kind": l.kind, "data-link": i, ...ends, "marker-end": `url(#arrow-${l.kind})` }, layer);
      el("path", { d, class: "link-hit", "data-link": i }, hits);
    });
  }
  if (o.wrong) {
    const c = o.wrong.cell;
    el("rect", { x: (c % n) * CELL + 2, y: Math.floor(c / n) * CELL + 2, width: CELL - 4, height: CELL - 4, class: "wrong", "data-cell": c }, svg);
  }
}

function cellLabel(m, c) {
  const name = `r${Math.floor(c / m.n) + 1}c${(c % m.n) + 1}`;
  const v = m.values[c];
  if (v) return `${name}, ${m.givens[c] ? "given" : "placed"} ${digitSymbol(v)}`;
  const shown = m.shown[c] || [];
  return shown.length ? `${name}, empty, candidates ${shown.map(digitSymbol).join(" ")}` : `${name}, empty`;
}

// The cell under a pointer event.
function cellAt(svg, n, event) {
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const col = Math.floor(p.x / CELL), row = Math.floor(p.y / CELL);
  if (row < 0 || col < 0 || row >= n || col >= n) return -1;
  return row * n + col;
}
