// The replay page: the four hands around the table, the trick, stepping card by card, the
// evaluation graph, the card list with costs, the best lines and the players' summary. It
// reads the record and its analysis from the page itself (a saved report) or from the
// service's API (/games/{id}); no outside requests. Needs common.js.
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
  if (p.bounds) {
    const range = b => b ? (b[0] === b[1] ? String(b[0]) : b[0] + ".." + b[1]) : "?";
    return range(p.bounds.value) + " \u2192 " + range(p.bounds.after) + " (out of budget)";
  }
  return p.before + " \u2192 " + p.after;
}

function render(data, root) {
  const { record, analysis } = data;
  const names = (record.players && record.players.length === 4) ? record.players : [0, 1, 2, 3].map(s => "seat " + s);
  const dealt = record.hands.map(cardsOf);
  const plays = analysis.plays;
  const n = plays.length;
  const declarers = new Set((analysis.result && analysis.result.declarers) || []);
  if (record.contract && record.contract.declarer !== undefined) declarers.add(record.contract.declarer);
  let step = n;
  // Signs: the German pack, or the French one (the German game's default; `?signs=`).
  const asked = new URLSearchParams(location.search).get("signs");
  french = asked ? asked === "french" : (record.variant || "").toLowerCase() === "german";
  const signs = root.querySelector("#signs");
  signs.value = french ? "french" : "german";
  signs.addEventListener("change", () => { french = signs.value === "french"; redrawCards(); });

  root.querySelector("#title").textContent = (analysis.id || record.id || "a game");
  root.querySelector("#subtitle").textContent = contractText(record.contract, names) +
    " \u2014 double-dummy value at the start: " +
    (analysis.start !== undefined ? analysis.start : "out of budget") + " (" + analysis.measure + ")";

  // The card list: every card, its values, cost and best cards.
  const tbody = root.querySelector("#cards tbody");
  function redrawCards() {
    tbody.replaceChildren();
    listCards();
    show();
  }
  function listCards() { plays.forEach((p, i) => {
    // Single dummy: the money lost in expectation (Schellen-Schafkopf: the tricks), and
    // its severity.
    const s = p.single_dummy;
    const sd = s && s.worlds > 0 && (s.loss !== undefined || s.cost !== undefined)
      ? (s.loss !== undefined ? s.loss : s.cost).toFixed(1) + (s.advice ? " " + s.advice : "") : "";
    const tr = el("tr", { "data-i": i, tabindex: "0", class: "c" + severity(p.advice) },
      el("td", {}, i + 1), el("td", {}, p.trick + 1), el("td", {}, names[p.seat]),
      el("td", {}, cardNode(p.card)), el("td", {}, valuesText(p)),
      el("td", { class: "cost" }, p.cost ? p.cost : ""), el("td", {}, p.cost ? cardNodes(p.best) : ""),
      el("td", {}, sd));
    tr.addEventListener("click", () => go(i + 1));
    tr.addEventListener("keydown", e => { if (e.key === "Enter") go(i + 1); });
    tbody.appendChild(tr);
  }); }
  listCards();

  // The players' summary.
  const sum = root.querySelector("#summary tbody");
  analysis.players.forEach(p => {
    const s = p.single_dummy;
    const sd = s ? severities(s) + ", " + s.loss.toFixed(1) : "";
    const money = analysis.result ? analysis.result.payouts[p.seat] : "";
    sum.appendChild(el("tr", {}, el("td", {}, names[p.seat] + " (" + SEATS[p.seat] + ")"), el("td", {}, severities(p)),
      el("td", {}, p.loss !== undefined ? p.loss : ""), el("td", {}, sd), el("td", {}, money)));
  });

  drawGraph(root.querySelector("#graph"), analysis, () => step, go);
  loadContracts(root.querySelector("#contracts"), data, names);

  function go(k) {
    step = Math.max(0, Math.min(n, k));
    show();
  }

  function show() {
    // Hands: as dealt, minus what has been played.
    const played = new Set(plays.slice(0, step).map(p => p.card));
    const toMove = step < n ? plays[step].seat : -1;
    for (let s = 0; s < 4; s++) {
      const box = root.querySelector(".seat.s" + s);
      box.classList.toggle("to-move", s === toMove);
      box.classList.toggle("declarer", declarers.has(s));
      box.querySelector(".name").textContent = names[s] + " \u00b7 " + SEATS[s];
      box.querySelector(".hand").replaceChildren(...dealt[s].filter(c => !played.has(c)).map(c => cardNode(c)));
    }
    // The trick of the last card played.
    const trick = root.querySelector(".trick");
    trick.replaceChildren();
    if (step > 0) {
      const t = Math.floor((step - 1) / 4);
      const cards = plays.slice(4 * t, step);
      const winner = step % 4 === 0 && step < n ? plays[step].seat : -1;
      cards.forEach(p => {
        const slot = el("div", { class: "t" + p.seat }, cardNode(p.card, p.seat === winner ? "won" : ""));
        trick.appendChild(slot);
      });
    }
    root.querySelector("#step").textContent = "card " + step + " of " + n;
    tbody.querySelectorAll("tr").forEach(tr => tr.classList.toggle("sel", +tr.dataset.i === step - 1));
    // The selected card's lines.
    const lines = root.querySelector("#lines");
    const p = plays[step - 1];
    if (!p) {
      lines.replaceChildren(el("p", { class: "muted" }, "Before the first card."));
    } else if (p.lines) {
      lines.replaceChildren(el("p", {}, p.lines.why), el("p", {}, "Best line: ", cardNodes(p.lines.best)),
        el("p", {}, "Played line: ", cardNodes(p.lines.played)));
    } else {
      const judged = (p.advice ? ", " + (p.advice === "inaccuracy" ? "an " : "a ") + p.advice : "") +
        (p.turned ? ": it turned the game" : "");
      lines.replaceChildren(el("p", {}, names[p.seat] + " played ", cardNode(p.card),
        p.cost ? " (cost " + p.cost + judged + ")." : ", a best card."));
    }
    root.querySelector("#graph").dispatchEvent(new Event("step"));
    root.dataset.step = step;
  }

  root.querySelector("#first").addEventListener("click", () => go(0));
  root.querySelector("#prev").addEventListener("click", () => go(step - 1));
  root.querySelector("#next").addEventListener("click", () => go(step + 1));
  root.querySelector("#last").addEventListener("click", () => go(n));
  document.addEventListener("keydown", e => {
    if (e.target.tagName === "TEXTAREA") return;
    if (e.key === "ArrowLeft") { go(step - 1); e.preventDefault(); }
    if (e.key === "ArrowRight") { go(step + 1); e.preventDefault(); }
    if (e.key === "Home") { go(0); e.preventDefault(); }
    if (e.key === "End") { go(n); e.preventDefault(); }
  });
  show();
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

/// The evaluation graph: the value after every card, the 31/61/91 lines for points,
/// mistakes marked by size, the single-dummy curve where computed, the current card.
function drawGraph(svg, analysis, current, go) {
  const plays = analysis.plays, n = plays.length;
  // Values out of the node budget are not known: the line passes over them.
  const values = [analysis.start].concat(plays.map(p => p.after));
  const known = values.filter(v => v !== undefined);
  let lo = 0, hi = analysis.measure === "points" ? 120 : Math.max(...known, 1);
  if (analysis.measure === "settlement") { lo = Math.min(...known, 0); hi = Math.max(...known, 0) || 1; }
  const W = 600, H = 180, pad = 22;
  const x = i => pad + (W - 2 * pad) * i / Math.max(n, 1);
  const y = v => H - pad - (H - 2 * pad) * (v - lo) / ((hi - lo) || 1);
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  const parts = [];
  if (analysis.measure === "points") {
    for (const t of [31, 61, 91]) {
      parts.push(svgEl("line", { x1: pad, x2: W - pad, y1: y(t), y2: y(t), stroke: "#ccc", "stroke-dasharray": "3 3" }),
        svgEl("text", { x: 2, y: y(t) + 3 }, String(t)));
    }
  }
  parts.push(svgEl("polyline", { class: "value", points: values.map((v, i) => v === undefined ? null : x(i) + "," + y(v)).filter(Boolean).join(" ") }));
  const sd = plays.map((p, i) => p.single_dummy && p.single_dummy.expected != null ? x(i + 1) + "," + y(p.single_dummy.expected) : null).filter(Boolean);
  if (sd.length > 1) parts.push(svgEl("polyline", { class: "sd", points: sd.join(" ") }));
  const colours = ["", "#f2d16b", "#f0a35e", "#d9534f"];
  plays.forEach((p, i) => {
    const c = severity(p.advice);
    if (c) parts.push(svgEl("circle", { class: "mark", "data-i": i, "data-advice": p.advice, cx: x(i + 1), cy: y(p.after), r: 2 + 2 * c, fill: colours[c] }));
  });
  parts.push(svgEl("line", { class: "here", y1: pad, y2: H - pad }));
  svg.replaceChildren(...parts);
  const here = svg.querySelector(".here");
  svg.addEventListener("step", () => { const k = current(); here.setAttribute("x1", x(k)); here.setAttribute("x2", x(k)); svg.dataset.value = values[k]; });
  svg.addEventListener("click", e => {
    const r = svg.getBoundingClientRect();
    const k = Math.round((e.clientX - r.left) / r.width * W / ((W - 2 * pad) / Math.max(n, 1)) - pad / ((W - 2 * pad) / Math.max(n, 1)));
    go(k);
  });
}

async function load(root) {
  const inline = document.getElementById("schafkopf-data");
  if (inline) return render(JSON.parse(inline.textContent), root);
  const id = decodeURIComponent(location.pathname.replace(/^\/games\//, ""));
  const base = "/api/v1/games/" + encodeURIComponent(id);
  // `?view=players` asks for the single-dummy judgement too (computed once, then stored).
  const players = new URLSearchParams(location.search).get("view") === "players";
  document.getElementById("nav").hidden = false;
  document.getElementById("board-link").href = "/board?game=" + encodeURIComponent(id);
  const link = document.getElementById("sdlink");
  if (link) {
    link.hidden = false;
    link.href = players ? location.pathname : "?view=players";
    link.textContent = players ? "Hide the single-dummy curve" : "Judge every card single dummy too (about a hundred times the work)";
  }
  let record = null;
  try {
    const [r, a] = await Promise.all([fetch(base), fetch(base + "/analysis?lines=true" + (players ? "&view=players&points=true" : ""))]);
    if (!r.ok) throw new Error((await r.json()).detail);
    record = await r.json();
    if (!a.ok) throw new Error((await a.json()).detail);
    render({ record, analysis: await a.json(), base }, root);
  } catch (e) {
    root.querySelector("#title").textContent = "This game cannot be shown";
    root.querySelector("#subtitle").textContent = String(e.message || e);
    // A deal without play (a hand thrown in) may still be valued: which contract was there?
    const names = record && record.players && record.players.length === 4 ? record.players : [0, 1, 2, 3].map(s => "seat " + s);
    loadContracts(root.querySelector("#contracts"), { base }, names);
  }
}

if (document.getElementById("replay")) load(document.getElementById("replay"));
