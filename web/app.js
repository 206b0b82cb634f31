// The page: the player's position and its undo history, entry in SudokuPad's modes, hints
// revealed one stage at a time, the whole solving path, and the URL that reopens a position.
// Every answer about the puzzle comes from the server's API (docs/api.md).
"use strict";

const $ = (id) => document.getElementById(id);
const svg = $("grid");

const S = {
  n: 9, br: 3, bc: 3,
  puzzle: null,          // the givens as the canonical line
  givens: [], values: [], corner: [], centre: [], colour: [],
  start: null,           // the start position from /api/parse: {values, candidates}
  selected: new Set(), cursor: 0,
  mode: "digit", auto: false,
  undo: [], redo: [],
  hint: null, stage: 0, wrong: null,
  path: null, view: null, // the explain answer; the step shown from it
  branch: null, nested: null, // a forcing chain's branch drawn alone; a nested deduction shown
};

// ---- The API -------------------------------------------------------------------------------
async function api(path, body) {
  const res = await fetch("/api/" + path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

function say(text) { $("status").textContent = text; }

// ---- Rules ---------------------------------------------------------------------------------
function peers(c) {
  const n = S.n, r = Math.floor(c / n), col = c % n, out = new Set();
  const r0 = r - (r % S.br), c0 = col - (col % S.bc);
  for (let i = 0; i < n; i++) { out.add(r * n + i); out.add(i * n + col); }
  for (let i = 0; i < S.br; i++) for (let j = 0; j < S.bc; j++) out.add((r0 + i) * n + c0 + j);
  out.delete(c);
  return out;
}
function allowed(c) {
  const seen = new Set();
  for (const p of peers(c)) if (S.values[p]) seen.add(S.values[p]);
  const out = [];
  for (let d = 1; d <= S.n; d++) if (!seen.has(d)) out.push(d);
  return out;
}
// The candidates drawn in each empty cell: its centre marks, or with auto-candidates on the
// digits its houses allow.
function shown() {
  return S.values.map((v, c) => {
    if (v) return [];
    if (S.centre[c].size) return [...S.centre[c]].sort((a, b) => a - b);
    return S.auto ? allowed(c) : [];
  });
}

// ---- Drawing -------------------------------------------------------------------------------
function render() {
  let m = { n: S.n, br: S.br, bc: S.bc, givens: S.givens, values: S.values, corner: S.corner, colour: S.colour, selected: S.selected, shown: shown() };
  let o = { step: null, stage: 0, wrong: S.wrong, house: null };
  if (S.view !== null && S.path) {
    const pos = positionBefore(S.view);
    m = { ...m, values: pos.values, corner: m.corner.map(() => new Set()), colour: m.colour.map(() => 0), shown: pos.candidates, selected: new Set() };
    o = { step: S.path.steps[S.view], stage: 4, wrong: null, house: null };
  } else if (S.hint && S.hint.step) {
    o = { ...o, step: S.hint.step, stage: S.stage, house: hintHouse(S.hint.step) };
  }
  if (o.step && S.nested !== null && o.step.nested && o.step.nested[S.nested]) o = { ...o, step: o.step.nested[S.nested], stage: Math.max(o.stage, 4) };
  else if (o.step) o.branch = S.branch;
  drawGrid(svg, m, o);
  renderStages();
  writeUrl();
}

function hintHouse(step) {
  const base = (step.houses || []).find((h) => h.role === "base") || (step.houses || [])[0];
  if (base) return base.house;
  const cell = (step.cells || [])[0] || step.placements[0] || step.eliminations[0];
  if (!cell) return null;
  // A naked single names no house: the box of its cell.
  const r = cell.row - 1, c = cell.col - 1;
  return 2 * S.n + Math.floor(r / S.br) * (S.n / S.bc) + Math.floor(c / S.bc);
}
function houseName(h) {
  const n = S.n;
  return h < n ? `row ${h + 1}` : h < 2 * n ? `column ${h - n + 1}` : `box ${h - 2 * n + 1}`;
}
const sym = (d) => digitSymbol(d);
const names = (list) => [...new Set(list.map((x) => x.name))].join(", ");

// A step as a sentence, for the screen reader and the last stage.
function stepSentence(step) {
  const parts = [];
  if (step.placements.length) parts.push("place " + step.placements.map((p) => `${sym(p.digit)} in ${p.name}`).join(", "));
  if (step.eliminations.length) parts.push("remove " + step.eliminations.map((e) => `${sym(e.digit)} from ${e.name}`).join(", "));
  return `${step.name}: ${parts.join("; ")}.`;
}

function renderStages() {
  const ol = $("hint-stages");
  ol.textContent = "";
  $("step-text").textContent = "";
  $("links").textContent = "";
  $("branches").textContent = "";
  const step = S.view !== null && S.path ? S.path.steps[S.view] : S.hint && S.hint.step;
  const stage = S.view !== null ? 4 : S.stage;
  if (!step) return;
  const lines = [];
  if (stage >= 1) lines.push(`There is a step using ${step.name} (rating ${step.rating.toFixed(1)}).`);
  if (stage >= 2) {
    const h = hintHouse(step);
    const digits = step.digits && step.digits.length ? `, digit${step.digits.length > 1 ? "s" : ""} ${step.digits.map(sym).join(", ")}` : "";
    lines.push(`Look at ${h === null ? "the grid" : houseName(h)}${digits}.`);
  }
  if (stage >= 3) lines.push(`The pattern: ${names(step.cells || []) || names(step.candidates || [])}.`);
  if (stage >= 4) lines.push(stepSentence(step));
  if (stage >= 4 && S.view === null) lines.push("Press H again to apply it.");
  lines.forEach((t, i) => {
    const li = document.createElement("li");
    li.textContent = t;
    li.dataset.stage = i + 1;
    ol.appendChild(li);
  });
  if (stage >= 4) $("step-text").textContent = step.text;
  if (stage >= 3) linkList(step, S.nested === null ? S.branch : null);
  if (stage >= 3) branchButtons(step);
}

// A forcing chain opened branch by branch (what proves each target alone, with its line of
// implications written out), and a nested chain's deductions one by one.
function branchButtons(step) {
  const box = $("branches");
  box.textContent = "";
  const branches = stepBranches(step);
  const nested = step.nested || [];
  if (branches.length < 2 && !nested.length) return;
  const button = (label, active, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.setAttribute("aria-pressed", String(active));
    b.addEventListener("click", () => { onClick(); render(); });
    box.append(b, " ");
  };
  const node = (x) => `${x.name}${x.on ? "=" : "<>"}${sym(x.digit)}`;
  if (branches.length >= 2) {
    box.append("Branches: ");
    button("all", S.branch === null && S.nested === null, () => { S.branch = null; S.nested = null; });
    // A branch is named by its assumption, or, where one assumption leads to both sides of a
    // contradiction, by its target.
    const oneStart = branches.every((b) => b.assumption === branches[0].assumption);
    branches.forEach((b, k) => {
      button(oneStart ? `${node(b.assumption)} => ${node(b.target)}` : node(b.assumption), S.branch === k && S.nested === null, () => { S.branch = k; S.nested = null; });
    });
  }
  if (nested.length) {
    box.append(" Nested: ");
    nested.forEach((st, k) => button(`${k + 1}. ${st.name}`, S.nested === k, () => { S.nested = S.nested === k ? null : k; S.branch = null; }));
  }
  const opened = S.nested === null && S.branch !== null ? branches[S.branch] : null;
  if (opened) {
    // The branch's line, as the step's text writes it; a node that a deduction beyond singles
    // (a nested chain on the nested levels) gives says which removals it starts from.
    const nodes = step.nodes || [];
    const line = document.createElement("span");
    line.id = "branch-line";
    line.className = "notation";
    line.textContent = opened.line.map((x) => node(x) + (x.cause === "advanced" ? ` (deduced from ${x.parents.map((p) => node(nodes[p])).join(", ")})` : "")).join(" => ");
    box.append(document.createElement("br"), line);
  }
}

// A chain's links as text, one span each: hovering one highlights its arrow on the grid, and
// hovering an arrow highlights its span.
function linkList(step, branch) {
  const list = $("links");
  list.textContent = "";
  const links = stepLinks(step, branch);
  if (!links.length) return;
  const cand = (c) => `(${sym(c.digit)})r${c.row || Math.floor(c.cell / S.n) + 1}c${c.col || (c.cell % S.n) + 1}`;
  list.append("Links: ");
  links.forEach((l, i) => {
    const span = document.createElement("span");
    span.className = "link-text " + l.kind + (l.advanced ? " advanced" : "");
    span.dataset.link = i;
    span.tabIndex = 0;
    span.textContent = `${cand(l.from)}${l.kind === "strong" ? "=" : "-"}${cand(l.to)}`;
    span.setAttribute("aria-label", `${l.advanced ? "deduced" : l.kind} link from ${cand(l.from)} to ${cand(l.to)}`);
    const on = (yes) => highlightLink(i, yes);
    span.addEventListener("mouseenter", () => on(true));
    span.addEventListener("mouseleave", () => on(false));
    span.addEventListener("focus", () => on(true));
    span.addEventListener("blur", () => on(false));
    if (i) list.append(" ");
    list.append(span);
  });
}
function highlightLink(i, on) {
  for (const e of document.querySelectorAll(`[data-link="${i}"]`)) e.classList.toggle("hl", on);
}
svg.addEventListener("mouseover", (e) => { const i = e.target.dataset && e.target.dataset.link; if (i !== undefined) highlightLink(i, true); });
svg.addEventListener("mouseout", (e) => { const i = e.target.dataset && e.target.dataset.link; if (i !== undefined) highlightLink(i, false); });

// ---- History -------------------------------------------------------------------------------
function snapshot() {
  return JSON.stringify({ v: S.values, k: S.corner.map((s) => [...s]), c: S.centre.map((s) => [...s]), o: S.colour });
}
function restore(text) {
  const s = JSON.parse(text);
  S.values = s.v; S.corner = s.k.map((a) => new Set(a)); S.centre = s.c.map((a) => new Set(a)); S.colour = s.o;
}
// Every change goes through here: undo point, the hint shown is no longer about this position.
function change(fn) {
  const before = snapshot();
  fn();
  if (snapshot() === before) return;
  S.undo.push(before);
  S.redo = [];
  clearHint();
  render();
  if (S.values.every((v) => v)) say(S.start && S.solution && S.values.map(sym).join("") === S.solution ? "Solved!" : "Every cell is filled.");
}
function undo() {
  if (!S.undo.length) return;
  S.redo.push(snapshot());
  restore(S.undo.pop());
  clearHint();
  render();
}
function redo() {
  if (!S.redo.length) return;
  S.undo.push(snapshot());
  restore(S.redo.pop());
  clearHint();
  render();
}
function clearHint() { S.hint = null; S.stage = 0; S.wrong = null; S.branch = null; S.nested = null; }

// ---- Entry ---------------------------------------------------------------------------------
function place(c, d) {
  S.values[c] = d;
  S.corner[c].clear();
  S.centre[c].clear();
  for (const p of peers(c)) { S.centre[p].delete(d); S.corner[p].delete(d); }
}
function enter(d, mode) {
  const cells = [...S.selected];
  if (!cells.length) return;
  change(() => {
    if (mode === "digit") {
      const all = cells.every((c) => S.values[c] === d || S.givens[c]);
      for (const c of cells) if (!S.givens[c]) { if (all) S.values[c] = 0; else place(c, d); }
    } else if (mode === "corner" || mode === "centre") {
      const empty = cells.filter((c) => !S.values[c]);
      const marks = mode === "corner" ? S.corner : S.centre;
      if (mode === "centre" && S.auto) for (const c of empty) if (!marks[c].size) marks[c] = new Set(allowed(c));
      const all = empty.every((c) => marks[c].has(d));
      for (const c of empty) { if (all) marks[c].delete(d); else marks[c].add(d); }
    } else if (mode === "colour") {
      const all = cells.every((c) => S.colour[c] === d);
      for (const c of cells) S.colour[c] = all ? 0 : d;
    }
  });
}
function clearCells() {
  change(() => {
    for (const c of S.selected) {
      if (!S.givens[c] && S.values[c]) S.values[c] = 0;
      else if (S.centre[c].size || S.corner[c].size) { S.centre[c].clear(); S.corner[c].clear(); }
      else S.colour[c] = 0;
    }
  });
}
// Space steps through the modes (Shift+Space back): the way to every mode on grids whose
// digits include the mode letters (C is 12 on 16x16).
const MODES = ["digit", "corner", "centre", "colour"];
function cycleMode(step) {
  setMode(MODES[(MODES.indexOf(S.mode) + step + MODES.length) % MODES.length]);
}
function setMode(mode) {
  S.mode = mode;
  for (const b of document.querySelectorAll("#modes button")) b.setAttribute("aria-checked", String(b.dataset.mode === mode));
}

// ---- Hints ---------------------------------------------------------------------------------
function playerBody() {
  const body = { puzzle: S.puzzle, size: `${S.br}x${S.bc}`, values: S.values };
  if (S.centre.some((s) => s.size)) body.marks = S.centre.map((s, c) => (S.values[c] ? [] : [...s]));
  return body;
}
async function nextStage() {
  if (!S.puzzle) return;
  if (S.view !== null) { S.view = null; markPath(); }
  if (S.hint && S.hint.step) {
    if (S.stage < 4) { S.stage++; render(); return; }
    applyStep(S.hint.step);
    return;
  }
  const { status, json } = await api("hint", playerBody());
  if (status !== 200) { say(json.error); return; }
  if (json.wrong) {
    S.wrong = json.wrong;
    render();
    say(json.wrong.kind === "digit" ? `Check ${json.wrong.name}: its ${sym(json.wrong.digit)} is wrong.` : `Check the marks of ${json.wrong.name}: they removed the digit that belongs there.`);
    return;
  }
  if (json.status !== "step") { say(json.text); return; }
  S.hint = json;
  S.stage = 1;
  render();
  say(`Hint: there is a step using ${json.step.name}.`);
}
function applyStep(step) {
  say(`Applied: ${step.text}`);
  change(() => {
    // Eliminations only persist in marks: the candidates are written out first.
    if (step.eliminations.length) for (let c = 0; c < S.n * S.n; c++) if (!S.values[c] && !S.centre[c].size) S.centre[c] = new Set(allowed(c));
    for (const e of step.eliminations) S.centre[e.cell].delete(e.digit);
    for (const p of step.placements) place(p.cell, p.digit);
  });
}
async function check() {
  const { status, json } = await api("hint", { ...playerBody(), vague: true });
  if (status !== 200) { say(json.error); return; }
  S.wrong = json.wrong;
  render();
  say(json.wrong ? `${json.wrong.name} is wrong.` : json.status === "contradiction" ? json.text : "No mistakes so far.");
}

// ---- The whole path ------------------------------------------------------------------------
function positionBefore(k) {
  const values = [...S.start.values], cands = S.start.candidates.map((a) => new Set(a));
  for (let i = 0; i < k; i++) {
    const st = S.path.steps[i];
    for (const e of st.eliminations) cands[e.cell].delete(e.digit);
    for (const p of st.placements) {
      values[p.cell] = p.digit;
      cands[p.cell].clear();
      for (const q of peersOf(p.cell)) cands[q].delete(p.digit);
    }
  }
  return { values, candidates: cands.map((s) => [...s].sort((a, b) => a - b)) };
}
const peersOf = (c) => peers(c);
async function explain(viewStep) {
  if (!S.puzzle) return;
  say("Explaining...");
  const { status, json } = await api("explain", { puzzle: S.source, size: `${S.br}x${S.bc}` });
  if (status !== 200) { say(json.error); return; }
  S.path = json;
  const r = json.rating;
  $("rating").textContent = r ? `ER/EP/ED ${r.text} (Sudoku Explainer's rating); ${json.steps.length} steps, ${json.status}.` : `${json.steps.length} steps, ${json.status}.`;
  const hist = $("histogram");
  hist.textContent = "";
  for (const t of json.summary.techniques) {
    const li = document.createElement("li");
    li.textContent = `${t.name} (${t.rating.toFixed(1)}): ${t.count}`;
    hist.appendChild(li);
  }
  const ol = $("path");
  ol.textContent = "";
  json.steps.forEach((st, i) => {
    const li = document.createElement("li");
    li.dataset.step = i;
    li.tabIndex = 0;
    li.innerHTML = `<span class="r"></span> <span class="t"></span>`;
    li.querySelector(".r").textContent = st.rating.toFixed(1);
    li.querySelector(".t").textContent = st.text;
    li.setAttribute("aria-label", `Step ${i + 1}, rating ${st.rating.toFixed(1)}: ${stepSentence(st)}`);
    li.addEventListener("click", () => showStep(i));
    li.addEventListener("keydown", (e) => { if (e.key === "Enter") showStep(i); });
    ol.appendChild(li);
  });
  const stopped = { timeout: "the time limit ran out", stuck: "no technique applies", contradiction: "the position contradicts itself" };
  if (stopped[json.status]) say(`The path stops after ${json.steps.length} steps: ${stopped[json.status]}.${json.note ? " " + json.note : ""}`);
  else say(json.note || `The path: ${json.steps.length} steps.`);
  if (viewStep !== undefined && viewStep < json.steps.length) showStep(viewStep);
}
function showStep(i) {
  S.view = S.view === i ? null : i;
  clearHint();
  markPath();
  render();
  if (S.view !== null) say(`Step ${i + 1}: ${stepSentence(S.path.steps[i])}`);
}
// "Why is this candidate gone?": the steps of the path, before the one shown, that removed
// candidates of a cell.
function explainCell(c) {
  const why = $("why");
  why.textContent = "";
  if (!S.path) return;
  const upTo = S.view === null ? S.path.steps.length : S.view;
  const name = `r${Math.floor(c / S.n) + 1}c${(c % S.n) + 1}`;
  const found = [];
  S.path.steps.slice(0, upTo).forEach((st, i) => {
    for (const e of st.eliminations) if (e.cell === c) found.push([e.digit, i, st]);
  });
  if (!found.length) { why.textContent = `${name}: no step of the path removed a candidate here (only its houses' digits did).`; return; }
  why.append(`${name}: `);
  found.forEach(([d, i, st], k) => {
    const a = document.createElement("a");
    a.href = "#";
    a.textContent = `${sym(d)} by step ${i + 1} (${st.name})`;
    a.addEventListener("click", (e) => { e.preventDefault(); showStep(i); });
    if (k) why.append(", ");
    why.append(a);
  });
  why.append(".");
}
function markPath() {
  for (const li of $("path").children) li.setAttribute("aria-current", String(Number(li.dataset.step) === S.view));
  $("play-here").hidden = S.view === null;
}
function playHere() {
  if (S.view === null) return;
  const pos = positionBefore(S.view);
  S.view = null;
  markPath();
  change(() => {
    S.values = pos.values;
    S.centre = pos.candidates.map((a, c) => new Set(pos.values[c] ? [] : a));
  });
}

// ---- Loading -------------------------------------------------------------------------------
async function load(text, keep, size) {
  const { status, json } = await api("parse", size ? { puzzle: text, size } : { puzzle: text });
  if (status !== 200) return json.error;
  const [br, bc] = json.shape.split("x").map(Number);
  const n = json.size, cells = n * n;
  // Pencil-mark input is explained from its marks, as the CLI's explain reads it.
  Object.assign(S, { n, br, bc, puzzle: json.puzzle, source: json.marks || json.puzzle, start: json.position, solution: json.solution, path: null, view: null, undo: [], redo: [] });
  S.givens = json.position.values.map((v) => v !== 0);
  S.values = [...json.position.values];
  S.corner = Array.from({ length: cells }, () => new Set());
  S.colour = new Array(cells).fill(0);
  S.centre = json.marks ? json.position.candidates.map((a) => new Set(a)) : Array.from({ length: cells }, () => new Set());
  S.selected = new Set([0]);
  S.cursor = 0;
  clearHint();
  $("path").textContent = ""; $("rating").textContent = ""; $("histogram").textContent = ""; $("why").textContent = "";
  markPath();
  buildPad();
  if (keep) keep();
  render();
  const verdict = { unique: "One solution.", multiple: "This puzzle has more than one solution: logic alone cannot finish it.", "no-solution": "This puzzle has no solution." };
  say(`${n}x${n} puzzle, ${json.givens} givens. ${verdict[json.status] || json.error || ""}`);
  return null;
}

// ---- The URL: puzzle, player's digits, corner and centre marks, colours, the step viewed ----
// Marks are one bit set per cell (bit d-1 for digit d) in base 36, cells joined by "." and an
// empty cell written as nothing; colours one base-36 character per cell, 0 for none.
const encodeMarks = (sets) => sets.map((s) => (s.size ? [...s].reduce((b, d) => b + 2 ** (d - 1), 0).toString(36) : "")).join(".");
function decodeMarks(text, sets) {
  text.split(".").forEach((t, c) => {
    const bits = parseInt(t || "0", 36), set = new Set();
    for (let d = 1; d <= S.n; d++) if (bits & (2 ** (d - 1))) set.add(d);
    if (c < sets.length && !S.values[c]) sets[c] = set;
  });
}
function writeUrl() {
  if (!S.puzzle) return;
  const p = new URLSearchParams();
  p.set("p", S.puzzle);
  p.set("s", `${S.br}x${S.bc}`);
  if (S.values.some((v, c) => v && !S.givens[c])) p.set("v", S.values.map((v) => (v ? sym(v) : ".")).join(""));
  if (S.corner.some((s) => s.size)) p.set("k", encodeMarks(S.corner));
  if (S.centre.some((s) => s.size)) p.set("m", encodeMarks(S.centre));
  if (S.colour.some((x) => x)) p.set("o", S.colour.map((x) => x.toString(36)).join(""));
  if (S.auto) p.set("a", "1");
  if (S.view !== null) p.set("step", String(S.view + 1));
  history.replaceState(null, "", "#" + p.toString());
}
async function readUrl() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.get("p")) return false;
  const error = await load(p.get("p"), () => {
    const v = p.get("v");
    if (v) [...v].forEach((ch, c) => { if (c < S.values.length && !S.givens[c]) S.values[c] = ch === "." ? 0 : parseInt(ch, 36); });
    if (p.get("k")) decodeMarks(p.get("k"), S.corner);
    if (p.get("m")) decodeMarks(p.get("m"), S.centre);
    const o = p.get("o");
    if (o) [...o].forEach((ch, c) => { if (c < S.colour.length) S.colour[c] = parseInt(ch, 36) || 0; });
    S.auto = p.get("a") === "1";
    $("auto-candidates").checked = S.auto;
  }, p.get("s"));
  if (error) { say(error); return false; }
  if (p.get("step")) await explain(Number(p.get("step")) - 1);
  return true;
}

// ---- Export --------------------------------------------------------------------------------
function marksGrid() {
  const sh = shown();
  const texts = S.values.map((v, c) => (v ? sym(v) : sh[c].length ? sh[c].map(sym).join("") : allowed(c).map(sym).join("")));
  const width = Math.max(...texts.map((t) => t.length));
  const rows = [];
  const rule = Array.from({ length: S.n / S.bc }, () => "-".repeat(S.bc * (width + 1) + 1)).join("+");
  for (let r = 0; r < S.n; r++) {
    if (r && r % S.br === 0) rows.push(rule);
    let line = "";
    for (let c = 0; c < S.n; c++) {
      if (c && c % S.bc === 0) line += "| ";
      line += texts[r * S.n + c].padEnd(width + 1);
    }
    rows.push(line.trimEnd());
  }
  return rows.join("\n") + "\n";
}
// The grid as a file of its own: the page's rules go inside it, with the palette in use (light
// or dark) written out, so that it draws the same outside the page.
function svgFile() {
  const copy = svg.cloneNode(true);
  const page = getComputedStyle(document.documentElement);
  const rules = [], names = new Set();
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSStyleRule)) continue;
      if (/^(:root|html\.dark)$/.test(rule.selectorText)) { for (const name of rule.style) if (name.startsWith("--")) names.add(name); continue; }
      rules.push(rule.cssText);
    }
  }
  const palette = [...names].map((name) => `${name}: ${page.getPropertyValue(name).trim()};`).join(" ");
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  style.textContent = `svg { ${palette} }\n${rules.join("\n")}`;
  copy.insertBefore(style, copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
}
function exportPosition() {
  $("paste-text").value = marksGrid();
  $("paste-error").textContent = "The position as a pencil-mark grid (copy it); the grid's SVG is downloaded.";
  $("paste-dialog").showModal();
  const blob = new Blob([svgFile()], { type: "image/svg+xml" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "sudokit-step.svg";
  a.click();
}

// ---- Controls ------------------------------------------------------------------------------
function buildPad() {
  const pad = $("pad");
  pad.textContent = "";
  for (let d = 1; d <= S.n; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = sym(d);
    b.setAttribute("aria-label", `${S.mode === "colour" ? "colour" : "digit"} ${sym(d)}`);
    b.addEventListener("click", () => enter(d, S.mode));
    pad.appendChild(b);
  }
  const clear = document.createElement("button");
  clear.type = "button";
  clear.textContent = "Clear";
  clear.addEventListener("click", clearCells);
  pad.appendChild(clear);
}

function keyDigit(e) {
  const m = /^(Digit|Numpad)([0-9])$/.exec(e.code);
  if (m && m[2] !== "0") return Number(m[2]);
  const l = /^Key([A-Z])$/.exec(e.code);
  if (l && S.n > 9) {
    const d = l[1].charCodeAt(0) - 55;
    if (d >= 10 && d <= S.n) return d;
  }
  return 0;
}

function onKey(e) {
  if (document.querySelector("dialog[open]")) return;
  if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT")) return;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && e.code === "KeyZ") { e.preventDefault(); if (e.shiftKey) redo(); else undo(); return; }
  if (ctrl && e.code === "KeyY") { e.preventDefault(); redo(); return; }
  const d = keyDigit(e);
  if (d) {
    e.preventDefault();
    enter(d, e.shiftKey ? "corner" : ctrl ? "centre" : S.mode);
    return;
  }
  if (ctrl || e.altKey) return;
  // Space and Enter act on the grid only where they do not press a focused control.
  const onControl = e.target && e.target.closest && e.target.closest("button, a, [tabindex]:not(#grid)");
  if (e.code === "Space" && !onControl) { e.preventDefault(); cycleMode(e.shiftKey ? -1 : 1); return; }
  if (e.key === "Enter" && !onControl) { e.preventDefault(); nextStage(); return; }
  const modes = { KeyZ: "digit", KeyX: "corner", KeyC: "centre", KeyV: "colour" };
  if (modes[e.code]) { setMode(modes[e.code]); return; }
  if (e.code === "KeyH") { e.preventDefault(); nextStage(); return; }
  if (e.key === "Escape") { clearHint(); if (S.view !== null) { S.view = null; markPath(); } render(); return; }
  if (e.key === "Delete" || e.key === "Backspace") { e.preventDefault(); clearCells(); return; }
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    const r = (Math.floor(S.cursor / S.n) + dr + S.n) % S.n, c = ((S.cursor % S.n) + dc + S.n) % S.n;
    S.cursor = r * S.n + c;
    if (!e.shiftKey) S.selected = new Set();
    S.selected.add(S.cursor);
    render();
  }
}

let dragging = false;
svg.addEventListener("pointerdown", (e) => {
  const c = cellAt(svg, S.n, e);
  if (c < 0) return;
  svg.focus();
  dragging = true;
  if (!(e.ctrlKey || e.shiftKey || e.metaKey)) S.selected = new Set();
  S.selected.add(c);
  S.cursor = c;
  svg.setPointerCapture(e.pointerId);
  explainCell(c);
  render();
});
svg.addEventListener("pointermove", (e) => {
  if (!dragging) return;
  const c = cellAt(svg, S.n, e);
  if (c >= 0 && !S.selected.has(c)) { S.selected.add(c); S.cursor = c; render(); }
});
svg.addEventListener("pointerup", () => { dragging = false; });
document.addEventListener("keydown", onKey);

for (const b of document.querySelectorAll("#modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
$("undo-button").addEventListener("click", undo);
$("redo-button").addEventListener("click", redo);
$("hint-button").addEventListener("click", nextStage);
$("check-button").addEventListener("click", check);
$("explain-button").addEventListener("click", () => explain());
$("play-here").addEventListener("click", playHere);
$("export-button").addEventListener("click", exportPosition);
$("auto-candidates").addEventListener("change", (e) => { S.auto = e.target.checked; render(); });
$("paste-button").addEventListener("click", () => { $("paste-error").textContent = ""; $("paste-dialog").showModal(); });
$("paste-load").addEventListener("click", async (e) => {
  e.preventDefault();
  const error = await load($("paste-text").value);
  if (error) { $("paste-error").textContent = error; return; }
  $("paste-dialog").close();
});
$("new-button").addEventListener("click", () => { $("new-error").textContent = ""; $("new-dialog").showModal(); });
$("new-make").addEventListener("click", async (e) => {
  e.preventDefault();
  const size = $("new-size").value, body = { size, symmetry: $("new-symmetry").value, timeout: 20 };
  const band = $("new-band").value;
  if (size === "3x3" && band) { const [lo, hi] = band.split("-").map(Number); body.min_er = lo; body.max_er = hi; }
  if ($("new-technique").value) body.technique = $("new-technique").value;
  if (size === "4x4" || size === "5x5") { body.minimal = false; body.rate = false; }
  $("new-error").textContent = "Making a puzzle...";
  const { status, json } = await api("generate", body);
  if (status !== 200) { $("new-error").textContent = json.error; return; }
  if (json.status !== "found") { $("new-error").textContent = "No puzzle within the time limit: try a wider band."; return; }
  $("new-dialog").close();
  await load(json.puzzle);
  if (json.rating) say(`New puzzle, rated ${json.rating} (ER/EP/ED).`);
});
function setDark(on) {
  document.documentElement.classList.toggle("dark", on);
  $("dark-button").setAttribute("aria-pressed", String(on));
  try { localStorage.setItem("sudokit-dark", on ? "1" : "0"); } catch (_) { /* private mode */ }
}
$("dark-button").addEventListener("click", () => setDark(!document.documentElement.classList.contains("dark")));

(async function start() {
  let dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  try { const d = localStorage.getItem("sudokit-dark"); if (d !== null) dark = d === "1"; } catch (_) { /* private mode */ }
  setDark(dark);
  api("techniques").then(({ json }) => {
    const sel = $("new-technique");
    for (const t of json.techniques) {
      const o = document.createElement("option");
      o.value = t.code;
      o.textContent = `${t.name} (${t.rating.toFixed(1)})`;
      sel.appendChild(o);
    }
  });
  if (!(await readUrl())) {
    await load("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
  }
  window.sudokitReady = true;
})();
