// The web page in a real browser: Debian's chromium (headless) driven by playwright-core, against
// `sudokit serve` on an ephemeral loopback port. Asserts on the DOM and the SVG; screenshots go
// to $SUDOKIT_SCREENSHOTS (the build folder). Run by CTest (label ui):
//   node --test page_test.mjs   with SUDOKIT_BINARY set.
// Exit 77 (CTest's skip) when chromium or playwright-core is missing, except under CI=true,
// where that is a failure.
import { spawn, execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const binary = process.env.SUDOKIT_BINARY;
const chromiumPath = process.env.SUDOKIT_CHROMIUM || "/usr/bin/chromium";
const shots = process.env.SUDOKIT_SCREENSHOTS || path.join(here, "screenshots");
const inCi = process.env.CI === "true";

function missing(what) {
  if (inCi) {
    console.error(`browser tests: ${what} is missing, and CI=true: the ui tests must run in CI`);
    process.exit(1);
  }
  console.error(`browser tests: ${what} is missing: skipped (scripts/setup installs it)`);
  process.exit(77);
}
if (!binary || !existsSync(binary)) missing("SUDOKIT_BINARY (the built sudokit)");
if (!existsSync(chromiumPath)) missing(`chromium (${chromiumPath}, Debian package chromium)`);
let chromium;
try {
  ({ chromium } = await import("playwright-core"));
} catch {
  missing("playwright-core (npm ci in tests/browser)");
}
mkdirSync(shots, { recursive: true });

const EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
// A 25x25 puzzle made by `sudokit generate --size 5x5 --no-minimal --no-rating --seed 7`
// (one solution; 0.25 s to make).
const TWENTY_FIVE = "27I.M.EKH.3N.1.DB.A.F.OPCD.......364C.2.HK..I.A.L....KG..PB1...58O.CF..3I9M.O...J.N......D.......5...CAJ..9.O.F....3....B.G.4..C.4..2F3N.J...G...IB17.1......8.B.O3K...I.4P9.A.....7.6.P.9B.I...H5A......KJA...51E..G..2P.....N...I2D.G.4....6...LN..E.8.5.1G.J...I....A.4FD.....2P8F..LAK...2.E9...PHCD7.....3.5.F6D.1.4.C7..O.A.B...6B7.....4....J..AM.LF.N..AD.CO1.2..IML...B...J4....H..CG.....K73F.JI9...ENF..2IMD.6O.L..E..1.N.4...457.BL.H8..A..GP..E...M....K9A.PE...6...L....82..........A..M.1O58.4C2.HL6.......7.....9.6ND....8.....5..E319..GFC.B48.HODP.7ON.G....LH58A.M.3..72..1...MH..B....2.J...E.P.IF.6E..6K..J.IOH..7..F..MN..3";
// Sudoku Explainer's 10.4 puzzle of se_rated_public.csv (forum_hardest_1106): its path uses the
// nested level Dynamic Forcing Chains (+ Forcing Chains) (tests/fixtures/techniques_nested.txt).
const NESTED_10_4 = "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........";
// A pencil-mark position whose next step is a Bidirectional Y-Cycle (tests/fixtures/techniques_chains.txt).
const CYCLE = readFileSync(path.join(here, "..", "fixtures", "techniques_chains.txt"), "utf8")
  .split("\n").filter((l) => l.startsWith("yc:"))[2].split(":")[2];

let server, base, browser;

before(async () => {
  server = spawn(binary, ["serve", "--port", "0", "--threads", "8"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (m) resolve(m[0]);
    });
    server.on("exit", (code) => reject(new Error(`sudokit serve exited ${code}: ${out}`)));
  });
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ["--no-sandbox"] });
});

after(async () => {
  if (browser) await browser.close();
  if (server) {
    const exited = new Promise((resolve) => server.on("exit", resolve));
    server.kill("SIGTERM");
    assert.equal(await exited, 143, "SIGTERM stops the server with 128 + 15");
  }
});

async function open(url = base, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => window.sudokitReady === true);
  page.errors = errors;
  return page;
}
const values = (page) => page.$$eval("#grid [role=gridcell]", (cells) => cells.map((c) => c.getAttribute("aria-label")));
const stages = (page) => page.$$eval("#hint-stages li", (lis) => lis.map((l) => l.textContent));
async function paste(page, text) {
  await page.click("#paste-button");
  await page.fill("#paste-text", text);
  await page.click("#paste-load");
  await page.waitForFunction(() => !document.querySelector("#paste-dialog").open);
}
async function pressH(page) {
  const before = await page.evaluate(() => document.querySelector("#hint-stages").textContent + document.querySelector("#status").textContent + document.querySelector("#grid").innerHTML.length);
  await page.keyboard.press("h");
  await page.waitForFunction((b) => document.querySelector("#hint-stages").textContent + document.querySelector("#status").textContent + document.querySelector("#grid").innerHTML.length !== b, before);
}
async function clickCell(page, cell, n = 9) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator("#grid").boundingBox();
  const unit = box.width / (n * 60 + 8);  // the viewBox: n cells of 60 and 4 of margin each side
  await page.mouse.click(box.x + unit * (4 + (cell % n) * 60 + 30), box.y + unit * (4 + Math.floor(cell / n) * 60 + 30));
}

test("loads the page with the default puzzle", async () => {
  const page = await open();
  assert.equal(await page.locator("#grid [role=gridcell]").count(), 81);
  assert.match(await page.textContent("#status"), /One solution/);
  assert.equal((await values(page))[2], "r1c3, given 3");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("paste a forum grid, take a hint through every stage, apply, undo and redo", async () => {
  const page = await open();
  const grid = [];
  for (let r = 0; r < 9; r++) grid.push(EASY.slice(r * 9, r * 9 + 9).replace(/(...)(?=.)/g, "$1|"));
  await paste(page, grid.join("\n"));
  assert.match(await page.textContent("#status"), /32 givens/);
  await pressH(page);
  assert.match((await stages(page))[0], /There is a step using Hidden Single/);
  assert.equal(await page.locator("#grid .cell-base").count(), 0, "stage 1 draws nothing");
  await pressH(page);
  assert.match((await stages(page))[1], /Look at box 1, digit 6/);
  assert.equal(await page.locator("#grid .house-hl").count(), 1);
  await pressH(page);
  assert.match((await stages(page))[2], /The pattern: r2c2/);
  assert.equal(await page.locator('#grid rect.cell-base[data-cell="10"]').count(), 1);
  await page.screenshot({ path: path.join(shots, "hint-stage-3.png") });
  await pressH(page);
  assert.equal(await page.locator('#grid rect.placement[data-cell="10"]').count(), 1);
  assert.equal(await page.textContent("#step-text"), "Hidden Single: r2c2=6 (box 1)");
  await pressH(page);  // stage 5: apply
  assert.equal((await values(page))[10], "r2c2, placed 6");
  await page.keyboard.press("Control+z");
  assert.equal((await values(page))[10], "r2c2, empty");
  await page.keyboard.press("Control+y");
  assert.equal((await values(page))[10], "r2c2, placed 6");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("keyboard digits, corner and centre marks, modes and arrows", async () => {
  const page = await open();
  await clickCell(page, 0);
  await page.keyboard.press("4");
  assert.equal((await values(page))[0], "r1c1, placed 4");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+5");  // corner mark, temporary mode
  assert.equal(await page.locator('#grid g[data-cell="1"] text.corner').count(), 1);
  await page.keyboard.press("c");  // centre mode
  await page.keyboard.press("7");
  await page.keyboard.press("8");
  assert.equal(await page.locator('#grid g[data-cell="1"] text.cand').count(), 2);
  assert.equal((await values(page))[1], "r1c2, empty, candidates 7 8");
  await page.keyboard.press("z");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Delete");
  await page.keyboard.press("8");
  assert.equal((await values(page))[10], "r2c2, placed 8");
  await page.keyboard.press("Control+z");
  assert.equal((await values(page))[10], "r2c2, empty");
  await page.context().close();
});

test("a wrong digit and a wrong mark are pointed at", async () => {
  const page = await open();
  await clickCell(page, 1);  // r1c2 is 8
  await page.keyboard.press("c");
  await page.keyboard.press("4");
  await page.keyboard.press("5");
  await pressH(page);
  assert.equal(await page.locator('#grid rect.wrong[data-cell="1"]').count(), 1);
  assert.match(await page.textContent("#status"), /marks of r1c2/);
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+z");
  await page.keyboard.press("z");
  await page.keyboard.press("9");  // a wrong digit in r1c2
  await pressH(page);
  assert.equal(await page.locator('#grid rect.wrong[data-cell="1"]').count(), 1);
  assert.match(await page.textContent("#status"), /r1c2: its 9 is wrong|Check r1c2/);
  await page.context().close();
});

test("hints solve the puzzle to the end, as sudokit solve does", async () => {
  const page = await open();
  const expected = execFileSync(binary, ["solve"], { input: EASY + "\n" }).toString().trim();
  for (let i = 0; i < 400; i++) {
    const status = await page.textContent("#status");
    if (/Solved!|Every cell/.test(status)) break;
    await pressH(page);
  }
  const labels = await values(page);
  const solved = labels.map((l) => l.slice(-1)).join("");
  assert.equal(solved, expected);
  assert.match(await page.textContent("#status"), /Solved!/);
  await page.context().close();
});

test("the whole path lists every step with its rating; a step shows the grid before it; reload from the URL", async () => {
  const page = await open();
  await page.click("#explain-button");
  await page.waitForSelector("#path li");
  assert.match(await page.textContent("#rating"), /ER\/EP\/ED 1\.2\/1\.2\/1\.2/);
  const items = await page.locator("#path li").count();
  assert.ok(items > 40);
  assert.match(await page.textContent("#path li:nth-child(1) .r"), /^\d+\.\d$/);
  await page.click("#path li:nth-child(5)");
  assert.match(await page.evaluate(() => location.href), /step=5/);
  const before5 = await values(page);
  assert.equal(before5.filter((l) => /placed/.test(l)).length, 4, "the grid before step 5: 4 placements");
  // The player's own position travels in the URL too.
  await page.click("#path li:nth-child(5)");  // back to the player's grid
  await clickCell(page, 0);
  await page.keyboard.press("4");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("c");
  await page.keyboard.press("5");
  await page.keyboard.press("8");
  // The page's own location: page.url() follows history.replaceState a moment later.
  const url = await page.evaluate(() => location.href);
  const mine = await values(page);
  const again = await open(url);
  assert.deepEqual(await values(again), mine);
  await again.context().close();
  await page.context().close();
});

test("the URL carries digits, corner and centre marks and colours: a reload reopens the same position", async () => {
  const page = await open();
  await clickCell(page, 0);
  await page.keyboard.press("4");  // a digit in r1c1
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("x");
  await page.keyboard.press("5");  // a corner mark in r1c2
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("c");
  await page.keyboard.press("7");  // centre marks in r1c4
  await page.keyboard.press("8");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("v");
  await page.keyboard.press("3");  // colour 3 on r2c4, a given
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("x");
  await page.keyboard.press("2");  // a corner mark in r2c3 too
  const position = async () => ({
    labels: await values(page),
    corner: await page.$$eval("#grid g[role=gridcell]", (gs) => gs.map((g) => [...g.querySelectorAll("text.corner")].map((t) => t.textContent).join(""))),
    centre: await page.$$eval("#grid g[role=gridcell]", (gs) => gs.map((g) => [...g.querySelectorAll("text.cand")].map((t) => t.textContent).join(""))),
    colour: await page.$$eval("#grid rect.colour", (rs) => rs.map((r) => `${r.dataset.cell}:${r.dataset.colour}`)),
  });
  const before = await position();
  assert.equal(before.labels[0], "r1c1, placed 4");
  assert.equal(before.corner[1], "5");
  assert.equal(before.corner[11], "2");
  assert.equal(before.centre[3], "78");
  assert.equal(before.corner[3], "");
  assert.deepEqual(before.colour, ["12:3"]);
  await page.reload();
  await page.waitForFunction(() => window.sudokitReady === true);
  const after = await position();
  assert.deepEqual(after, before);
  assert.equal(after.labels[3], "r1c4, empty, candidates 7 8");
  assert.equal(await page.inputValue("#paste-text"), "", "reopened from the URL alone");
  // Auto-candidates travel too.
  await page.check("#auto-candidates");
  const auto = await position();
  await page.reload();
  await page.waitForFunction(() => window.sudokitReady === true);
  assert.ok(await page.isChecked("#auto-candidates"));
  assert.deepEqual(await position(), auto);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a chain step's arrows: strong links solid, weak links dashed", async () => {
  const page = await open();
  await paste(page, CYCLE);
  for (let i = 0; i < 4; i++) await pressH(page);
  assert.match((await stages(page))[0], /Y-Cycle/);
  const kinds = await page.$$eval("#grid path.link", (ps) => ps.map((p) => [p.dataset.kind, getComputedStyle(p).strokeDasharray, p.getAttribute("marker-end")]));
  assert.equal(kinds.length, 10);
  for (const [kind, dash, marker] of kinds) {
    assert.equal(marker, `url(#arrow-${kind})`);
    if (kind === "strong") assert.equal(dash, "none");
    else assert.notEqual(dash, "none");
  }
  assert.ok(kinds.some(([k]) => k === "strong") && kinds.some(([k]) => k === "weak"));
  assert.ok((await page.locator("#grid line.strike").count()) >= 2, "eliminations struck through");
  // Hovering a link in the text highlights its arrow, and back.
  assert.equal(await page.locator("#links .link-text").count(), 10);
  await page.hover('#links .link-text[data-link="3"]');
  assert.equal(await page.locator('#grid path.link.hl[data-link="3"]').count(), 1);
  assert.equal(await page.locator(".link-text.hl").count(), 1, "the span itself too");
  await page.hover("header h1");
  assert.equal(await page.locator("#grid path.link.hl").count(), 0);
  // The arrow's middle, and a point 4 px beside it on the side away from the other arrows (a
  // 2 px line is hard to hit): the pointer there highlights the arrow and its text.
  const spots = await page.evaluate(() => {
    const arrow = document.querySelector('#grid path.link[data-link="3"]');
    const len = arrow.getTotalLength(), a = arrow.getPointAtLength(len / 2), b = arrow.getPointAtLength(len / 2 + 1);
    const ctm = arrow.getScreenCTM(), toScreen = (p) => new DOMPoint(p.x, p.y).matrixTransform(ctm);
    const scale = Math.hypot(ctm.a, ctm.b), d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const others = [...document.querySelectorAll("#grid path.link-hit")].filter((p) => p.dataset.link !== "3");
    const beside = [1, -1].map((side) => new DOMPoint(a.x - (side * (b.y - a.y) / d) * (4 / scale), a.y + (side * (b.x - a.x) / d) * (4 / scale)));
    const clear = beside.find((p) => !others.some((o) => o.isPointInStroke(p)));
    return [toScreen(a), toScreen(clear)].map((p) => [p.x, p.y]);
  });
  for (const [x, y] of spots) {
    await page.mouse.move(x, y);
    assert.equal(await page.locator('#links .link-text.hl[data-link="3"]').count(), 1, `the text of link 3 highlighted from (${x}, ${y})`);
    assert.equal(await page.locator('#grid path.link.hl[data-link="3"]').count(), 1);
    await page.mouse.move(2, 2);
    assert.equal(await page.locator(".link-text.hl").count(), 0);
  }
  await page.screenshot({ path: path.join(shots, "chain-9x9.png") });
  await page.click("#dark-button");
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains("dark")));
  await page.screenshot({ path: path.join(shots, "dark-mode.png") });
  await page.click("#dark-button");
  // Why is a candidate gone: after the path's first step, r2c8 lost its 6 to the cycle.
  await page.click("#explain-button");
  await page.waitForSelector("#path li");
  await page.click("#path li:nth-child(2)");
  await clickCell(page, 16);
  assert.match(await page.textContent("#why"), /r2c8: 6 by step 1 \(Bidirectional Y-Cycle\)/);
  await page.click("#path li:nth-child(2)");
  await page.context().close();
});

test("a whole path that runs out of time says so", async () => {
  const page = await open();
  await paste(page, NESTED_10_4);
  // The same request with a 50 ms budget: the server answers with the steps found so far.
  await page.route("**/api/explain", (route) => route.continue({ postData: JSON.stringify({ ...JSON.parse(route.request().postData()), timeout: 0.05 }) }));
  await page.click("#explain-button");
  await page.waitForFunction(() => /The path stops after \d+ steps/.test(document.querySelector("#status").textContent));
  assert.match(await page.textContent("#status"), /the time limit ran out/);
  assert.match(await page.textContent("#rating"), /steps, timeout\./);
  await page.context().close();
});

test("a wing's pivot and pincers differ by more than colour, as the legend shows", async () => {
  const page = await open();
  // An XY-Wing (tests/fixtures/techniques_wings.txt).
  const [, given, cands] = readFileSync(path.join(here, "..", "fixtures", "techniques_wings.txt"), "utf8")
    .split("\n").filter((l) => l.startsWith("xyw:"))[0].split(":");
  // As one pencil-mark line: a placed cell is its lone mark.
  const wing = [...given].map((v, c) => (v === "." ? cands.slice(c * 9, c * 9 + 9) : ".........".slice(0, v - 1) + v + ".........".slice(v))).join("");
  await paste(page, wing);
  for (let i = 0; i < 3; i++) await pressH(page);
  assert.match((await stages(page))[0], /XY-Wing/);
  const look = (sel) => page.$$eval(sel, (rs) => [...new Set(rs.map((r) => `${getComputedStyle(r).strokeWidth} ${getComputedStyle(r).strokeDasharray}`))]);
  const pivot = await look("#grid rect.cell-pivot"), pincer = await look("#grid rect.cell-pincer");
  assert.equal(pivot.length, 1);
  assert.equal(pincer.length, 1);
  assert.notEqual(pivot[0], pincer[0], "pivot and pincers drawn with different borders");
  assert.deepEqual(await look("#legend rect.cell-pivot"), pivot);
  assert.deepEqual(await look("#legend rect.cell-pincer"), pincer);
  await page.context().close();
});

test("a 16x16 puzzle", async () => {
  const res = await fetch(base + "api/generate", { method: "POST", body: JSON.stringify({ size: "4x4", minimal: false, seed: 3, rate: false }) });
  const generated = await res.json();
  const page = await open();
  await paste(page, generated.puzzle);
  assert.equal(await page.locator("#grid [role=gridcell]").count(), 256);
  assert.equal(await page.locator("#pad button").count(), 17);
  await pressH(page);
  assert.match((await stages(page))[0], /There is a step using/);
  await pressH(page);
  await pressH(page);
  await page.screenshot({ path: path.join(shots, "sixteen.png") });
  await page.context().close();
});

test("16x16: the letters type digits, Space steps through the modes and Enter gives the hint", async () => {
  const res = await fetch(base + "api/generate", { method: "POST", body: JSON.stringify({ size: "4x4", minimal: false, seed: 3, rate: false }) });
  const generated = await res.json();
  const page = await open();
  await paste(page, generated.puzzle);
  const empty = generated.puzzle.indexOf(".");
  await clickCell(page, empty, 16);
  const mode = () => page.getAttribute("#modes button[aria-checked=true]", "data-mode");
  const cell = (what) => page.$$eval(`#grid g[data-cell="${empty}"] text.${what}`, (ts) => ts.map((t) => t.textContent).join(""));
  await page.keyboard.press("c");  // C is the digit 12 here, not centre mode
  assert.equal(await mode(), "digit");
  assert.equal((await values(page))[empty], `r${Math.floor(empty / 16) + 1}c${(empty % 16) + 1}, placed C`);
  await page.keyboard.press("Delete");
  await page.keyboard.press("Space");
  assert.equal(await mode(), "corner");
  await page.keyboard.press("a");
  assert.equal(await cell("corner"), "A");
  await page.keyboard.press("Space");
  assert.equal(await mode(), "centre");
  await page.keyboard.press("c");
  await page.keyboard.press("g");
  assert.equal(await cell("cand"), "CG");
  await page.keyboard.press("Space");
  assert.equal(await mode(), "colour");
  await page.keyboard.press("Space");
  assert.equal(await mode(), "digit");
  await page.keyboard.press("Shift+Space");
  assert.equal(await mode(), "colour");
  await page.keyboard.press("z");
  assert.equal(await mode(), "digit");
  assert.equal(await page.evaluate(() => window.scrollY), 0, "Space does not scroll the page");
  // Enter is the hint key too (on 25x25 H is a digit).
  await page.keyboard.press("Delete");
  const before = await page.textContent("#status");
  await page.keyboard.press("Enter");
  await page.waitForFunction((b) => document.querySelector("#status").textContent !== b, before);
  assert.match((await stages(page))[0], /There is a step using/);
  // Space on a focused button presses the button, as everywhere.
  await page.focus("#modes button[data-mode=colour]");
  await page.keyboard.press("Space");
  assert.equal(await mode(), "colour");
  assert.match(await page.textContent(".keys"), /Space.*steps through them/s);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a 25x25 puzzle: 625 cells, H types the digit 17, Enter's hint through its stages", async () => {
  const page = await open();
  await paste(page, TWENTY_FIVE);
  assert.match(await page.textContent("#status"), /25x25 puzzle, \d+ givens\. One solution\./);
  assert.equal(await page.locator("#grid [role=gridcell]").count(), 625);
  assert.equal(await page.locator("#pad button").count(), 26);
  const empty = TWENTY_FIVE.indexOf(".");
  await clickCell(page, empty, 25);
  await page.keyboard.press("h");
  assert.match((await values(page))[empty], /placed H$/);
  await page.keyboard.press("Delete");
  await page.keyboard.press("Escape");
  await page.evaluate(() => document.querySelector("#grid").focus());
  for (let i = 0; i < 4; i++) {
    const before = await page.evaluate(() => document.querySelector("#hint-stages").textContent + document.querySelector("#status").textContent);
    await page.keyboard.press("Enter");
    await page.waitForFunction((b) => document.querySelector("#hint-stages").textContent + document.querySelector("#status").textContent !== b, before, { timeout: 15000 });
  }
  const st = await stages(page);
  assert.equal(st.length, 5, st.join(" / "));
  assert.match(st[0], /There is a step using /);
  assert.ok((await page.locator("#grid rect.placement, #grid line.strike").count()) >= 1, "the step's effect drawn");
  const placed = await page.locator("#grid rect.placement").getAttribute("data-cell").catch(() => null);
  await page.screenshot({ path: path.join(shots, "twenty-five.png") });
  await page.keyboard.press("Enter");  // apply
  if (placed !== null) assert.match((await values(page))[Number(placed)], /placed/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("phone-sized viewport", async () => {
  const page = await open(base, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const layout = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    grid: document.querySelector("#grid").getBoundingClientRect().width,
    pad: document.querySelector("#pad").getBoundingClientRect().width,
  }));
  assert.ok(layout.scroll <= 390, `no sideways scrolling (${layout.scroll})`);
  assert.ok(layout.grid >= 340 && layout.grid <= 390, `the grid fills the width (${layout.grid})`);
  await page.tap("#grid");
  await page.tap("#pad button:nth-child(4)");
  await page.screenshot({ path: path.join(shots, "phone.png"), fullPage: false });
  await page.context().close();
});

test("a new puzzle from the generator; the position exported as a pencil-mark grid reads back", async () => {
  const page = await open();
  await page.click("#new-button");
  await page.selectOption("#new-band", "1.0-2.0");
  await page.selectOption("#new-symmetry", "rot180");
  await page.click("#new-make");
  await page.waitForFunction(() => /New puzzle, rated/.test(document.querySelector("#status").textContent), null, { timeout: 25000 });
  const er = Number(/rated (\d+\.\d)/.exec(await page.textContent("#status"))[1]);
  assert.ok(er >= 1.0 && er <= 2.0, `ER ${er} in the band`);
  await page.check("#auto-candidates");
  await clickCell(page, 0);
  const before = await values(page);
  const download = page.waitForEvent("download");
  await page.click("#export-button");
  const file = await download;
  assert.match(file.suggestedFilename(), /\.svg$/);
  // The SVG file alone draws as the page does: its styles and palette are inside it.
  const alone = await page.context().newPage();
  const saved = path.join(shots, "exported.svg");
  copyFileSync(await file.path(), saved);
  await alone.goto("file://" + saved);
  const drawn = await alone.evaluate(() => ({
    root: document.documentElement.tagName,
    lines: getComputedStyle(document.querySelector("line.thick")).strokeWidth,
    given: getComputedStyle(document.querySelector("text.given")).fontWeight,
  }));
  assert.deepEqual(drawn, { root: "svg", lines: "3px", given: "600" });
  await alone.close();
  const grid = await page.inputValue("#paste-text");
  assert.ok(grid.split("\n").length >= 11, "a grid of rows with band lines");
  await page.click("#paste-load");
  await page.waitForFunction(() => !document.querySelector("#paste-dialog").open);
  const after = await values(page);
  // Read back as pencil marks: each cell keeps its digit or its candidates (a cell with a single
  // candidate reads as placed, as the pencil-mark formats read it, and its peers lose that digit).
  const digits = (label) => new Set(label.replace(/^r\d+c\d+,? ?/, "").replace(/given|placed|empty|candidates|,/g, "").split(/\s+/).filter(Boolean));
  after.forEach((label, c) => {
    const a = digits(label), b = digits(before[c]);
    assert.ok(a.size > 0 && [...a].every((d) => b.has(d)), `${label} within ${before[c]}`);
  });
  assert.deepEqual(after.filter((l) => /given/.test(l)).length > 0, true);
  await page.context().close();
});

test("a forcing chain opened branch by branch", async () => {
  const page = await open();
  // Dynamic Forcing Chains: each place of 5 in row 5 leads to r7c8<>2 (tests/fixtures/techniques_nested.txt).
  const nested = readFileSync(path.join(here, "..", "fixtures", "techniques_nested.txt"), "utf8")
    .split("\n").filter((l) => l.startsWith("dpfc2:"))[0].split(":")[2];
  await paste(page, nested);
  for (let i = 0; i < 3; i++) await pressH(page);
  assert.match((await stages(page))[0], /Dynamic Forcing Chains/);
  const all = await page.locator("#grid path.link").count();
  const branches = page.locator("#branches button");
  assert.ok((await branches.count()) >= 3, "all, then one button per branch");
  await branches.nth(2).click();
  const one = await page.locator("#grid path.link").count();
  assert.ok(one > 0 && one < all, `one branch draws part of the chain (${one} of ${all})`);
  assert.equal(await branches.nth(2).getAttribute("aria-pressed"), "true");
  // The branch's line of implications, as the step's text writes it.
  assert.match(await page.textContent("#branch-line"), /^r5c4=5 => r4c5<>5 => r7c8<>2 \(deduced from r4c5<>5, /);
  await pressH(page);  // stage 4: the step's text, where the branch reads the same
  assert.ok((await page.textContent("#step-text")).includes("r5c4=5 => r4c5<>5 => r7c8<>2"));
  assert.equal(await page.locator("#grid path.link").count(), one, "the branch stays open at stage 4");
  await page.context().close();
});

test("a nested forcing chain on the whole path of a 10.4 puzzle, opened branch by branch", async () => {
  const page = await open();
  await paste(page, NESTED_10_4);
  await page.click("#explain-button");
  await page.waitForSelector("#path li", { timeout: 20000 });
  // The first step of the nested level: a contradiction, r5c3=2 leads to r1c5 both on and off.
  const texts = await page.$$eval("#path li .t", (ts) => ts.map((t) => t.textContent));
  const k = texts.findIndex((t) => t.startsWith("Dynamic Forcing Chains (+ Forcing Chains)") && /cannot both hold/.test(t));
  assert.ok(k >= 0, "the path has a nested contradiction chain");
  await page.click(`#path li:nth-child(${k + 1})`);
  const arrows = () => page.$$eval("#grid path.link", (ps) => ps.map((p) => `${p.dataset.from}>${p.dataset.to}:${p.getAttribute("class")}`));
  const all = await arrows();
  assert.ok(all.length > 10);
  // Deductions beyond singles (the inner chains) drawn dotted, apart from plain weak links.
  const dash = await page.$$eval("#grid path.link", (ps) => [...new Set(ps.map((p) => `${p.classList.contains("advanced")}:${getComputedStyle(p).strokeDasharray}`))]);
  assert.ok(dash.includes("true:1px, 5px") && dash.some((d) => d.startsWith("false:")), dash.join(" "));
  // Branch buttons first, then one button per nested deduction ("1. Naked Pair", ...).
  const nestedLabel = /^\d+\. /;
  const branches = page.locator("#branches button").filter({ hasNotText: nestedLabel });
  assert.equal(await branches.count(), 3, "all, then the two sides of the contradiction");
  assert.match(await branches.nth(1).textContent(), /^r5c3=2 => r1c5/);
  const seen = [];
  for (const b of [1, 2]) {
    await branches.nth(b).click();
    const part = await arrows();
    assert.ok(part.length > 0 && part.length < all.length, `branch ${b}: ${part.length} of ${all.length} arrows`);
    assert.ok(part.every((a) => all.includes(a)), "a branch draws arrows of the whole chain");
    const line = await page.textContent("#branch-line");
    assert.match(line, /^r5c3=2 => .* => r1c5(=|<>)5( \(deduced from [^)]*\))?$/);
    assert.match(line, /\(deduced from r\dc\d<>\d/, "a nested deduction names the removals it starts from");
    assert.equal(await page.locator(".link-text").count(), part.length);
    seen.push(part.join("|"));
    if (b === 2) await page.evaluate(() => window.scrollTo(0, 0));
    if (b === 2) await page.screenshot({ path: path.join(shots, "nested-branch.png") });
  }
  assert.notEqual(seen[0], seen[1], "the two branches draw different arrows");
  await branches.nth(0).click();
  assert.equal((await arrows()).length, all.length);
  assert.equal(await page.locator("#branch-line").count(), 0);
  // A nested deduction opened: the inner step's own chain is drawn in place of the outer one,
  // and a second click on its button draws the outer chain again.
  const nested = page.locator("#branches button").filter({ hasText: nestedLabel });
  assert.ok((await nested.count()) > 0, "the step names the deductions its advanced nodes used");
  let inner = null;
  for (let k = 0; k < (await nested.count()) && !inner; ++k) {
    await nested.nth(k).click();
    assert.equal(await nested.nth(k).getAttribute("aria-pressed"), "true");
    const drawn = await arrows();
    if (drawn.length > 0 && drawn.join("|") !== all.join("|")) inner = { k, drawn, text: await page.textContent("#step-text") };
    else await nested.nth(k).click();
  }
  assert.ok(inner, "a nested deduction that is a chain draws its own arrows");
  assert.match(inner.text, /=>/, "the step text is the inner chain's");
  await nested.nth(inner.k).click();
  assert.equal(await nested.nth(inner.k).getAttribute("aria-pressed"), "false");
  assert.deepEqual(await arrows(), all);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
