// The ledger page: an evening's money from the stored games the filters select (the
// API's ledger), as a table per player, a running chart and the games in order. The
// filters live in the address (`/ledger?player=Sepp&since=2026-11-29`), so a ledger can be
// linked. An evening at one of von Alvensleben's tables or at three (`totals.table`) is
// counted by the server as that table's: game points towards the match to nine, or at
// three money; the page draws what each game gave (`payouts`, else `drawn`). Needs common.js.
"use strict";

const FIELDS = ["player", "game", "id", "since", "until", "stock"];
const COLOURS = ["#2b6cb0", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490", "#a16207", "#4d7c0f"];

function money(n) { return (n > 0 ? "+" : "") + n; }

// What a game gave each seat: its payouts, or at von Alvensleben's tables the game points
// drawn.
function given(g) { return g.payouts && g.payouts.length ? g.payouts : g.drawn; }

// Each player's running total after every game, by name: the chart's lines.
function runs(games) {
  const totals = new Map();
  games.forEach((g, i) => {
    g.players.forEach((name, seat) => {
      if (!totals.has(name)) totals.set(name, [[0, 0]]);
      const line = totals.get(name);
      line.push([i + 1, line[line.length - 1][1] + given(g)[seat]]);
    });
  });
  return totals;
}

function drawChart(svg, legend, games) {
  const lines = [...runs(games)];
  const W = 600, H = 220, pad = 34;
  const all = lines.flatMap(([, pts]) => pts.map(p => p[1]));
  const lo = Math.min(0, ...all), hi = Math.max(0, ...all);
  const x = i => pad + (W - 2 * pad) * i / Math.max(games.length, 1);
  const y = v => H - pad - (H - 2 * pad) * (v - lo) / ((hi - lo) || 1);
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  const parts = [svgEl("line", { class: "zero", x1: pad, x2: W - pad, y1: y(0), y2: y(0) }),
    svgEl("text", { x: 2, y: y(hi) + 4 }, String(hi)), svgEl("text", { x: 2, y: y(lo) + 4 }, String(lo)),
    svgEl("text", { x: W - pad, y: H - 8, "text-anchor": "end" }, "game " + games.length)];
  lines.forEach(([name, pts], k) => {
    parts.push(svgEl("polyline", { class: "run", "data-player": name, stroke: COLOURS[k % COLOURS.length],
      points: pts.map(([i, v]) => x(i) + "," + y(v)).join(" ") }));
  });
  svg.replaceChildren(...parts);
  legend.replaceChildren(...lines.map(([name, pts], k) =>
    el("span", { class: "key" }, svgEl("svg", { class: "swatch", viewBox: "0 0 12 4", "aria-hidden": "true" },
      svgEl("line", { x1: 0, x2: 12, y1: 2, y2: 2, stroke: COLOURS[k % COLOURS.length], "stroke-width": 3 })),
      name + " " + money(pts[pts.length - 1][1]))));
}

async function count() {
  const q = new URLSearchParams();
  for (const k of FIELDS) { const v = document.getElementById(k).value.trim(); if (v && !(k === "stock" && v === "0")) q.set(k, v); }
  history.replaceState(null, "", q.toString() ? "?" + q : location.pathname);
  const status = document.getElementById("status");
  status.textContent = "Counting\u2026";
  const r = await fetch("/api/v1/ledger?" + q);
  const body = await r.json();
  const totals = document.querySelector("#totals tbody");
  const games = document.querySelector("#ledger-games tbody");
  if (!r.ok) { status.textContent = body.detail; totals.replaceChildren(); games.replaceChildren(); return; }
  const t = body.totals;
  const where = t.table ? (t.table === "three" ? " at three" : " at table " + t.table) : "";
  const matches = (t.matches || []).map(m => "Match to nine: " + m.winners.join(", ") + " in " + m.games + (m.games === 1 ? " game." : " games."));
  status.textContent = [t.games + (t.games === 1 ? " game" : " games") + where + (t.stock ? ", stock left " + t.stock : "") +
    (body.failed.length ? ", " + body.failed.length + " not counted" : "") + "."].concat(matches).join(" ");
  // At von Alvensleben's tables the evening counts game points towards the match, not money.
  const points = t.table && t.table !== "three";
  document.getElementById("totals-title").textContent = points ? "Game points per player" : "Money per player";
  document.getElementById("totals-note").hidden = points;
  // At another table: money at three, game points at von Alvensleben's; nothing received
  // or paid apart.
  const total = p => p.total !== undefined ? p.total : p.money !== undefined ? p.money : p.game_points;
  totals.replaceChildren(...t.players.map(p => el("tr", {}, el("td", {}, p.player), el("td", {}, p.games),
    el("td", {}, p.declared), el("td", {}, p.declared_won), el("td", {}, p.received !== undefined ? p.received : ""),
    el("td", {}, p.paid !== undefined ? p.paid : ""),
    el("td", { class: total(p) < 0 ? "loss" : "" }, money(total(p))))));
  games.replaceChildren(...body.games.map((g, i) => el("tr", {}, el("td", {}, i + 1),
    el("td", {}, el("a", { href: "/games/" + encodeURIComponent(g.id) }, g.id)),
    el("td", {}, g.players.map((name, s) => name + " " + money(given(g)[s])).join(", ")))));
  document.getElementById("failed").replaceChildren(...body.failed.map(f => el("li", {}, f.id + ": " + f.detail)));
  drawChart(document.getElementById("chart"), document.getElementById("legend"), body.games);
  document.getElementById("chart").dataset.games = body.games.length;
}

const asked = new URLSearchParams(location.search);
for (const k of FIELDS) if (asked.get(k)) document.getElementById(k).value = asked.get(k);
document.getElementById("filters").addEventListener("submit", e => { e.preventDefault(); count(); });
count();
