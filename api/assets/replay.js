// The replay page: the hands around the table, the trick, stepping card by card from
// the deal, the tricks so far, the evaluation graph, the card list with costs, the best
// lines and the players' summary. It reads the record and its analysis from the page itself
// (a saved report) or from the service's API (/games/{id}); no outside requests. With
// `?view=players` it draws the double-dummy analysis at once and adds the single-dummy
// judgement when it arrives. Needs common.js.
//
// One state (`R`), one redraw (`show`), views as functions of the data and the step; the
// analysis brings the hands sorted for the contract and the tricks, so no rule is applied here.
// A game at one of von Alvensleben's tables or at three (`analysis.table`) has 3, 6 or 8
// seats, its game and result in the library's words, and no single-dummy or contract view.
"use strict";

/// A card's severity as the analysis names it (the page draws it, it does not judge):
/// 0 none, 1 inaccuracy, 2 mistake, 3 blunder.
const SEVERITY = { inaccuracy: 1, mistake: 2, blunder: 3 };
function severity(advice) {
  return SEVERITY[advice] || 0;
}

/// A seat's cards by severity: "inaccuracies / mistakes / blunders".
function severities(s) {
  return s.inaccuracies + " / " + s.mistakes + " / " + s.blunders;
}

/// A card's values: before and after, or where its question ran out of the node budget,
/// the bounds it proved.
function valuesText(p) {
  if (p.opening) return "before the solo: not judged";
  if (p.bounds) {
    const range = b => b ? (b[0] === b[1] ? String(b[0]) : b[0] + ".." + b[1]) : "?";
    return range(p.bounds.value) + " \u2192 " + range(p.bounds.after) + " (out of budget)";
  }
  return p.before + " \u2192 " + p.after;
}

// The one state: the data shown, the step, the names, and the graph's marker of the
// current card (drawn with the data).
const R = { data: null, step: 0, names: [], seats: 4, mark: () => {} };

function plays() { return R.data.analysis.plays; }

function go(k) {
  R.step = Math.max(0, Math.min(plays().length, k));
  show();
}

const KEYS = {
  ArrowLeft: () => go(R.step - 1),
  ArrowRight: () => go(R.step + 1),
  Home: () => go(0),
  End: () => go(plays().length),
};

// Wired once; every later change goes through `go`, `setData` and `show`.
function wire(root) {
  root.querySelector("#first").addEventListener("click", () => go(0));
  root.querySelector("#prev").addEventListener("click", () => go(R.step - 1));
  root.querySelector("#next").addEventListener("click", () => go(R.step + 1));
  root.querySelector("#last").addEventListener("click", () => go(plays().length));
  document.addEventListener("keydown", e => {
    if (["TEXTAREA", "INPUT", "SELECT"].includes(e.target.tagName) || !R.data) return;
    const f = KEYS[e.key];
    if (f) { f(); e.preventDefault(); }
  });
  const signs = root.querySelector("#signs");
  signs.addEventListener("change", () => { french = signs.value === "french"; setData(R.data); });
  const graph = root.querySelector("#graph");
  graph.addEventListener("click", e => {
    const r = graph.getBoundingClientRect();
    const g = GRAPH;
    const x = (e.clientX - r.left) / r.width * g.W;
    go(Math.round((x - g.pad) / ((g.W - 2 * g.pad) / Math.max(plays().length, 1))));
  });
}

// New data (the double-dummy analysis, then with the single-dummy judgement): every view
// that depends on it is drawn again, the step kept.
function setData(data) {
  R.data = data;
  const { record, analysis } = data;
  R.seats = analysis.seats || 4;
  const positions = R.seats === 4 ? SEATS : [...Array(R.seats).keys()].map(s => "seat " + s);
  R.names = (record.players && record.players.length === R.seats) ? record.players : positions;
  const root = document.getElementById("replay");
  if (R.seats !== 4) wideTable(root, R.seats);
  viewHeader(root);
  viewCards(root);
  viewSummary(root);
  R.mark = drawGraph(root.querySelector("#graph"), analysis);
  viewLegend(root, analysis);
  show();
}

// ---- Views.

function viewHeader(root) {
  const { record, analysis } = R.data;
  // A record stored without an id of its own is titled by the id the store gave it.
  root.querySelector("#title").textContent = analysis.id || record.id || R.data.id || "a game";
  const parts = analysis.table ? [analysis.title] : [contractText(record.contract, R.names)];
  if (analysis.result_text) parts.push("as played: " + analysis.result_text);
  else if (analysis.result) parts.push(resultText(analysis.result, "as played", R.names));
  // A Strixner's sides exist from its fourth trick: no value at the deal.
  const opening = analysis.plays.length > 0 && analysis.plays[0].opening;
  const start = analysis.start !== undefined && analysis.start !== null ? analysis.start : opening ? "none before the solo" : "out of budget";
  parts.push("double-dummy value at the deal: " + start + " (" + analysis.measure + ")");
  root.querySelector("#subtitle").textContent = parts.join(" \u2014 ");
}

// The card list: every card, its values, cost and best cards.
function viewCards(root) {
  const tbody = root.querySelector("#cards tbody");
  tbody.replaceChildren(...plays().map((p, i) => {
    // Single dummy: the money lost in expectation (Schellen-Schafkopf: the tricks), and
    // its severity, or the two classes the worlds left it between.
    const s = p.single_dummy;
    const verdict = !s ? "" : s.unsettled ? " unsettled (" + s.between.join("–") + ")" : s.advice ? " " + s.advice : "";
    const sd = s && s.worlds > 0 && (s.loss !== undefined || s.cost !== undefined)
      ? (s.loss !== undefined ? s.loss : s.cost).toFixed(1) + verdict : "";
    const tr = el("tr", { "data-i": i, tabindex: "0", class: "c" + severity(p.advice) },
      el("td", {}, i + 1), el("td", {}, p.trick + 1), el("td", {}, R.names[p.seat]),
      el("td", {}, cardNode(p.card)), el("td", {}, valuesText(p)),
      el("td", { class: "cost" }, p.cost ? p.cost : ""), el("td", { class: "best" }, p.cost ? cardNodes(p.best) : ""),
      el("td", { class: "sd" }, sd));
    tr.addEventListener("click", () => go(i + 1));
    tr.addEventListener("keydown", e => { if (e.key === "Enter") go(i + 1); });
    return tr;
  }));
}

function viewSummary(root) {
  const { analysis } = R.data;
  root.querySelector("#summary tbody").replaceChildren(...analysis.players.map(p => {
    const s = p.single_dummy;
    const sd = s ? severities(s) + (s.unsettled ? ", " + s.unsettled + " unsettled" : "") + ", " + s.loss.toFixed(1) : "";
    // What the game paid each seat: money, or at von Alvensleben's tables game points drawn.
    const result = analysis.result;
    const money = result ? (result.payouts && result.payouts.length ? result.payouts : result.drawn)[p.seat] : "";
    const label = R.seats === 4 ? R.names[p.seat] + " (" + SEATS[p.seat] + ")" : R.names[p.seat];
    return el("tr", {}, el("td", {}, label), el("td", {}, severities(p)),
      el("td", {}, p.loss !== undefined ? p.loss : ""), el("td", {}, sd), el("td", {}, money));
  }));
}

// The legend names only what the graph draws.
function viewLegend(root, analysis) {
  const drawn = new Set(analysis.plays.map(p => p.advice).filter(Boolean));
  const sd = analysis.plays.some(p => p.single_dummy && p.single_dummy.expected != null);
  const marks = [["inaccuracy", "yellow an inaccuracy"], ["mistake", "orange a mistake"], ["blunder", "red a blunder"]]
    .filter(([a]) => drawn.has(a)).map(([, t]) => t);
  const parts = ["Blue: the double-dummy value after each card."];
  if (sd) parts.push("Dashed: each card's expectation from its player's view (single dummy).");
  if (marks.length) parts.push("Marks: " + marks.join(", ") + ", by the money the card lost its player.");
  root.querySelector("#legend").textContent = parts.join(" ");
}

// The hands at the step: sorted for the contract as the analysis gives them, less what
// each seat has played (a double pack holds a card twice: one copy goes per card played);
// the trick of the last card played.
function viewTable(root) {
  const { record, analysis } = R.data;
  const n = plays().length, seats = R.seats;
  const hands = (analysis.hands || record.hands.map(cardsOf)).map(h => h.slice());
  for (const p of plays().slice(0, R.step)) {
    const i = hands[p.seat].indexOf(p.card);
    if (i >= 0) hands[p.seat].splice(i, 1);
  }
  const toMove = R.step < n ? plays()[R.step].seat : -1;
  const declarers = new Set(analysis.declarers || (analysis.result && analysis.result.declarers) || []);
  if (record.contract && record.contract.declarer !== undefined && record.contract.declarer !== null) declarers.add(record.contract.declarer);
  for (let s = 0; s < seats; s++) {
    const box = root.querySelector(".seat.s" + s);
    box.classList.toggle("to-move", s === toMove);
    box.classList.toggle("declarer", declarers.has(s));
    box.querySelector(".name").textContent = seats === 4 ? seatLabel(record.players, s) : R.names[s];
    box.querySelector(".hand").replaceChildren(...hands[s].map(c => cardNode(c)));
  }
  const trick = root.querySelector(".trick");
  trick.replaceChildren();
  if (R.step > 0) {
    const t = Math.floor((R.step - 1) / seats);
    const cards = plays().slice(seats * t, R.step);
    const taken = (analysis.tricks || [])[t];
    const winner = R.step % seats === 0 && taken ? taken.winner : -1;
    // Four seats: each card before its seat; more: in the order played, each named.
    cards.forEach(p => trick.appendChild(trickCard(p.card, p.seat, seats, R.names, p.seat === winner)));
  }
}

// The tricks finished at the step, and the one on the table: who led, who took it, its
// points and the points so far per side.
function viewTricks(root) {
  const { analysis } = R.data;
  const declarers = new Set(analysis.declarers || (analysis.result && analysis.result.declarers) || []);
  const done = Math.floor(R.step / R.seats);
  const open = plays().slice(R.seats * done, R.step);
  const table = open.length ? { leader: open[0].seat, cards: open.map(p => p.card) } : null;
  root.querySelector("#tricks tbody").replaceChildren(
    ...trickRows((analysis.tricks || []).slice(0, done), table, R.names, declarers.size ? declarers : null));
}

// A line of cards from play `from` on, grouped by trick: "2. ♥K ♥10 · 3. ...".
function lineByTrick(cards, from) {
  const groups = [];
  cards.forEach((c, j) => {
    const i = from + j;
    if (j === 0 || i % R.seats === 0) groups.push([Math.floor(i / R.seats) + 1, []]);
    groups[groups.length - 1][1].push(c);
  });
  return groups.flatMap(([t, cs], k) => [k ? " \u00b7 " : "", el("span", { class: "trick-no" }, t + ". "), ...cardNodes(cs)]);
}

const CHANGED = { game: "it turned the game", schneider: "it cost the schneider", schwarz: "it cost the schwarz" };

// The selected card in words, with names and suit signs; a costly card's two lines.
function viewLines(root) {
  const { analysis } = R.data;
  const lines = root.querySelector("#lines");
  const p = plays()[R.step - 1];
  if (!p) { lines.replaceChildren(el("p", { class: "muted" }, "The deal, before the first card.")); return; }
  const unit = { points: "points", tricks: "tricks", settlement: "in money" }[analysis.measure] || "";
  const judged = p.opening ? ", before the solo was announced (not judged)."
    : p.bounds ? ", not judged: its question ran out of the node budget."
    : !p.cost ? ", a best card."
    : " (cost " + p.cost + " " + unit + (p.advice ? ", " + (p.advice === "inaccuracy" ? "an " : "a ") + p.advice : "") + ")" +
      (p.changed ? ": " + CHANGED[p.changed] + "." : ".");
  const parts = [el("p", {}, R.names[p.seat] + " played ", cardNode(p.card), judged)];
  const l = p.lines;
  if (l) {
    const pts = n => n + (n === 1 ? " point" : " points");
    parts.push(el("p", {}, "In trick " + (l.trick + 1) + " ", cardNode(l.best[0]), " would have let " + R.names[l.with_best.winner] +
      " take it (" + pts(l.with_best.points) + "); after ", cardNode(p.card), " " + R.names[l.with_card.winner] +
      " takes it (" + pts(l.with_card.points) + ")."));
    parts.push(el("p", {}, "Best line: ", lineByTrick(l.best, p.index)), el("p", {}, "Played line: ", lineByTrick(l.played, p.index)));
  }
  // The players' view on the service: three of the deals this card's verdict averaged
  // over, asked of the service when wanted (a saved report has no service to ask; the
  // worlds are shown at four seats).
  const sd = p.single_dummy;
  if (analysis.view === "players" && R.data.base && sd && sd.worlds > 0 && !analysis.table) {
    const list = el("ol", { id: "imagined", class: "worlds" });
    const button = el("button", { type: "button", id: "show-worlds" }, "Show three of the deals this verdict imagined");
    button.addEventListener("click", () => showImagined(p, analysis, button, list));
    parts.push(el("p", {}, button), list);
  }
  lines.replaceChildren(...parts);
}

// Asks the service for the decision before `p` as the analysis judged it (the same
// worlds: the same samples, seed and reading of the auction) with three worlds shown.
async function showImagined(p, analysis, button, list) {
  button.disabled = true;
  const record = Object.assign({}, R.data.record, { play: plays().slice(0, p.index).map(q => q.card).join(" ") });
  const query = "view=players&show_worlds=3&seat=" + p.seat + "&samples=" + analysis.samples +
    "&seed=" + analysis.seed + "&inference=" + (analysis.inference || "auction");
  try {
    const r = await fetch("/api/v1/solve?" + query, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record) });
    const body = await r.json();
    if (!r.ok) throw new Error(body.detail);
    list.replaceChildren(...worldItems(body.shown_worlds, R.names));
    button.parentNode.replaceChildren("Three of the deals this verdict averaged over, each hand as dealt (" +
      (body.inference === "auction" ? "drawn as likely as the auction makes them" : "every deal alike") + "):");
  } catch (e) {
    list.replaceChildren(el("li", {}, "The deals could not be shown: " + (e.message || e)));
    button.disabled = false;
  }
}

function show() {
  const root = document.getElementById("replay");
  const n = plays().length;
  viewTable(root);
  viewTricks(root);
  viewLines(root);
  root.querySelector("#step").textContent = R.step === 0 ? "the deal, " + n + " cards to play" : "card " + R.step + " of " + n;
  root.querySelectorAll("#cards tbody tr").forEach(tr => tr.classList.toggle("sel", +tr.dataset.i === R.step - 1));
  R.mark(R.step);
  root.dataset.step = R.step;
}

/// The contracts panel: each seat's best choice double dummy, and the declared contract
/// against its declarer's best.
function renderContracts(box, report, names) {
  const title = c => contractText(c, names);
  const rows = report.seats.map(s => {
    const best = s.best;
    const what = !best ? "no choice" : best.pass ? "pass" : title(best.contract);
    return el("tr", {}, el("td", {}, names[s.seat]), el("td", {}, what), el("td", {}, best ? best.settlement : ""));
  });
  const table = el("div", { class: "scroll" }, el("table", {},
    el("thead", {}, el("tr", {}, el("th", {}, "seat"), el("th", {}, "best choice"), el("th", {}, "settlement"))),
    el("tbody", {}, rows)));
  const parts = [table];
  if (report.declared) {
    const d = report.declared;
    parts.push(el("p", {}, "Declared: " + title(d.contract) + ", " + (d.won ? "won" : "lost") +
      " double dummy, settling " + d.settlement + " against the best " + d.best_settlement + "."));
  }
  box.classList.remove("muted");
  box.replaceChildren(...parts);
}

async function loadContracts(box, data, names) {
  if (data.contracts) return renderContracts(box, data.contracts, names);
  try {
    const r = await fetch(data.base + "/contracts");
    const body = await r.json();
    if (!r.ok) throw new Error(body.detail);
    renderContracts(box, body, names);
  } catch (e) {
    box.textContent = "The contracts could not be valued: " + (e.message || e);
  }
}

/// The evaluation graph: the value after every card with the tricks on its axis, the
/// 31/61/91 lines labelled for points, mistakes marked by size, the single-dummy curve
/// where computed; it returns the function that marks the current card.
const GRAPH = { W: 600, H: 190, pad: 24 };
function drawGraph(svg, analysis) {
  const { W, H, pad } = GRAPH;
  const ps = analysis.plays, n = ps.length;
  // Values out of the node budget are not known: the line passes over them.
  const values = [analysis.start].concat(ps.map(p => p.after));
  const known = values.filter(v => v !== undefined && v !== null);
  let lo = 0, hi = analysis.measure === "points" ? (analysis.total || 120) : Math.max(...known, 1);
  if (analysis.measure === "settlement") { lo = Math.min(...known, 0); hi = Math.max(...known, 0) || 1; }
  const x = i => pad + (W - 2 * pad) * i / Math.max(n, 1);
  const y = v => H - pad - (H - 2 * pad) * (v - lo) / ((hi - lo) || 1);
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  const parts = [];
  // The tricks on the axis: a tick after every fourth card, the trick's number between.
  const seats = analysis.seats || 4;
  for (let t = 0; seats * t < n; t++) {
    parts.push(svgEl("line", { class: "tick", x1: x(seats * t), x2: x(seats * t), y1: pad, y2: H - pad }),
      svgEl("text", { class: "trick-label", x: x(Math.min(n, seats * t + seats / 2)), y: H - 8, "text-anchor": "middle" }, String(t + 1)));
  }
  if (analysis.measure === "points") {
    // The library's levels where it gives them (other tables), else the Bavarian game's.
    const l = analysis.levels || { free: 31, win: 61, schneider: 91 };
    for (const [t, label] of [[l.free, l.free + " out of schneider"], [l.win, l.win + " won"], [l.schneider, l.schneider + " schneider"]]) {
      parts.push(svgEl("line", { x1: pad, x2: W - pad, y1: y(t), y2: y(t), stroke: "#ccc", "stroke-dasharray": "3 3" }),
        svgEl("text", { class: "level", x: W - pad - 2, y: y(t) - 3, "text-anchor": "end" }, label));
    }
  }
  parts.push(svgEl("polyline", { class: "value", points: values.map((v, i) => v === undefined || v === null ? null : x(i) + "," + y(v)).filter(Boolean).join(" ") }));
  const sd = ps.map((p, i) => p.single_dummy && p.single_dummy.expected != null ? x(i + 1) + "," + y(p.single_dummy.expected) : null).filter(Boolean);
  if (sd.length > 1) parts.push(svgEl("polyline", { class: "sd", points: sd.join(" ") }));
  const colours = ["", "#f2d16b", "#f0a35e", "#d9534f"];
  ps.forEach((p, i) => {
    const c = severity(p.advice);
    if (c) parts.push(svgEl("circle", { class: "mark", "data-i": i, "data-advice": p.advice, cx: x(i + 1), cy: y(p.after), r: 2 + 2 * c, fill: colours[c] }));
  });
  const here = svgEl("line", { class: "here", y1: pad, y2: H - pad });
  parts.push(here);
  svg.replaceChildren(...parts);
  // Marks card `k` on the graph: its line, and its value for whoever reads the page.
  return k => { here.setAttribute("x1", x(k)); here.setAttribute("x2", x(k)); svg.dataset.value = values[k]; };
}

// The players' view: asked after the double-dummy board is drawn; its marks are added
// when it arrives, the wait shown second by second.
async function addSingleDummy(base, record, root) {
  const status = root.querySelector("#sd-status");
  const started = Date.now();
  const tick = () => { status.textContent = "Judging every card by what its player could know\u2026 " + Math.round((Date.now() - started) / 1000) + " s"; };
  tick();
  const timer = setInterval(tick, 1000);
  try {
    const r = await fetch(base + "/analysis?lines=true&view=players&points=true");
    const body = await r.json();
    if (!r.ok) throw new Error(body.detail);
    status.textContent = "Single dummy added: " + body.samples + " worlds a decision.";
    setData(Object.assign({}, R.data, { analysis: body }));
  } catch (e) {
    status.textContent = "The single-dummy judgement could not be made: " + (e.message || e);
  } finally {
    clearInterval(timer);
    root.dataset.sd = "done";
  }
}

function start(data, root) {
  // Signs: the German pack, or the French one (the German game's default; `?signs=`).
  const q = new URLSearchParams(location.search);
  const asked = q.get("signs");
  french = asked ? asked === "french" : (data.record.variant || "").toLowerCase() === "german";
  root.querySelector("#signs").value = french ? "french" : "german";
  wire(root);
  // Opens at the deal, or at `?step=N`.
  const at = stepOf(q, data.analysis.plays.length);
  R.step = at.step;
  setData(data);
  if (at.fault) root.querySelector("#step").textContent = at.fault;
  const table = data.analysis.table;
  // The players' view is judged at four seats and at three.
  if (table && table !== "three") root.querySelector("#sdlink").hidden = true;
  // The deal declares the game at von Alvensleben's tables: no contract to choose there.
  if (table && table !== "three") {
    root.querySelector("#contracts").textContent = "The deal declares the game at this table: no contract to choose.";
  } else {
    loadContracts(root.querySelector("#contracts"), data, R.names);
  }
}

async function load(root) {
  const inline = document.getElementById("schafkopf-data");
  if (inline) return start(JSON.parse(inline.textContent), root);
  const id = decodeURIComponent(location.pathname.replace(/^\/games\//, ""));
  const base = "/api/v1/games/" + encodeURIComponent(id);
  // `?view=players` adds the single-dummy judgement (computed once, then stored).
  const players = new URLSearchParams(location.search).get("view") === "players";
  document.getElementById("nav").hidden = false;
  document.getElementById("board-link").href = "/board?game=" + encodeURIComponent(id);
  const link = document.getElementById("sdlink");
  link.hidden = false;
  link.href = players ? location.pathname : "?view=players";
  link.textContent = players ? "Hide the single-dummy curve" : "Judge every card single dummy too (about a hundred times the work)";
  let record = null;
  try {
    const [r, a] = await Promise.all([fetch(base), fetch(base + "/analysis?lines=true")]);
    if (!r.ok) throw new Error((await r.json()).detail);
    record = await r.json();
    if (!a.ok) throw new Error((await a.json()).detail);
    start({ record, analysis: await a.json(), base, id }, root);
    if (players) addSingleDummy(base, record, root);
  } catch (e) {
    const names = record && record.players && record.players.length === 4 ? record.players : [0, 1, 2, 3].map(s => "seat " + s);
    if (record && record.thrown_in) {
      // A game of the evening with no card played: its hands, and no card to judge.
      root.querySelector("#title").textContent = (record.id || "A hand") + ": thrown in";
      const hands = (record.hands || []).map((h, s) => names[s] + ": " + (h === null ? "hidden" : String(h)));
      root.querySelector("#subtitle").textContent = "Nobody played it: a game of the evening with no card to judge. " + hands.join("; ");
    } else {
      root.querySelector("#title").textContent = "This game cannot be shown";
      root.querySelector("#subtitle").textContent = String(e.message || e);
    }
    // A deal without play (a hand thrown in) may still be valued: which contract was there?
    loadContracts(root.querySelector("#contracts"), { base }, names);
  }
}

if (document.getElementById("replay")) load(document.getElementById("replay"));
