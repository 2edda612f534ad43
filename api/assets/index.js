// The game list: stored games newest first, a page at a time, searched as the API filters
// them (player, contract, id, dates); and a box to store more, whose answer links to the
// games stored. Needs common.js.
"use strict";

const PAGE = 50;
const FILTERS = ["player", "game", "id", "since", "until"];
let offset = 0;

function count(n, one, many) { return n.toLocaleString("en") + " " + (n === 1 ? one : many); }

function filters() {
  const q = new URLSearchParams();
  for (const k of FILTERS) { const v = document.getElementById(k).value.trim(); if (v) q.set(k, v); }
  return q;
}

function gameLink(id) {
  return el("a", { href: "/games/" + encodeURIComponent(id) }, id);
}

// The contract with its declarer by name (the seat where the record names nobody).
function contractCell(g) {
  if (!g.game) return "";
  if (g.game === "thrown_in") return "thrown in";
  if (g.declarer === null || g.declarer === undefined) return g.game;
  return g.game + " by " + (g.players[g.declarer] || "seat " + g.declarer);
}

async function list() {
  const q = filters();
  q.set("order", "newest");
  q.set("limit", PAGE);
  q.set("offset", offset);
  const r = await fetch("/api/v1/games?" + q);
  const body = await r.json();
  const tbody = document.querySelector("#games tbody");
  const paging = document.getElementById("paging");
  tbody.replaceChildren();
  if (!r.ok) { paging.textContent = body.detail; return; }
  for (const g of body.games) {
    tbody.appendChild(el("tr", {}, el("td", {}, gameLink(g.id)), el("td", {}, contractCell(g)),
      el("td", {}, g.players.join(", ")), el("td", {}, g.created_at.replace("T", " ").slice(0, 16))));
  }
  const shown = body.games.length;
  paging.textContent = shown === 0 ? count(body.total, "game", "games")
    : (offset + 1) + "\u2013" + (offset + shown) + " of " + count(body.total, "game", "games");
  document.getElementById("previous").disabled = offset === 0;
  document.getElementById("following").disabled = offset + shown >= body.total;
  document.getElementById("games").dataset.offset = offset;
}

function search() { offset = 0; list(); }

document.getElementById("filters").addEventListener("submit", e => { e.preventDefault(); search(); });
document.getElementById("previous").addEventListener("click", () => { offset = Math.max(0, offset - PAGE); list(); });
document.getElementById("following").addEventListener("click", () => { offset += PAGE; list(); });

// A file's name names its games unless the user gave another. The file's own bytes are
// sent (the service reads UTF-8 or Latin-1, as the command line does, and NetSchafkopf
// writes Latin-1) unless its text is edited; the box shows it decoded either way.
let named = "";
let chosen = null;
document.getElementById("file").addEventListener("change", async e => {
  const f = e.target.files[0];
  if (!f) return;
  const bytes = new Uint8Array(await f.arrayBuffer());
  let text;
  try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); }
  catch { text = new TextDecoder("windows-1252").decode(bytes); }
  chosen = { file: f, text };
  document.getElementById("body").value = text;
  const name = document.getElementById("name");
  if (!name.value.trim() || name.value === named) {
    named = f.name.replace(/\.[^.]*$/, "");
    name.value = named;
  }
  if (/\.txt$/i.test(f.name)) document.getElementById("from").value = "netschafkopf";
});

// The name the ids of a stored log start with: the first id up to its game number.
function logName(id) {
  const at = Math.max(id.lastIndexOf("#"), id.lastIndexOf(":"));
  return at > 0 ? id.slice(0, at) : id;
}

document.getElementById("upload").addEventListener("submit", async e => {
  e.preventDefault();
  const q = new URLSearchParams({ from: document.getElementById("from").value });
  const name = document.getElementById("name").value.trim();
  if (name) q.set("name", name);
  const typed = document.getElementById("body").value;
  const sent = chosen && chosen.text === typed ? chosen.file : typed;
  const r = await fetch("/api/v1/games?" + q, { method: "POST", body: sent });
  const body = await r.json();
  const out = document.getElementById("result");
  if (!r.ok) { out.replaceChildren(el("p", { class: "fault" }, body.detail)); return; }
  if (body.id) {
    out.replaceChildren(el("p", {}, "Stored ", gameLink(body.id), "."));
  } else {
    const shown = el("a", { href: "#games", class: "stored" }, "show them");
    const stored = body.ids.length ? logName(body.ids[0]) : "";
    shown.addEventListener("click", ev => {
      ev.preventDefault();
      for (const k of FILTERS) document.getElementById(k).value = "";
      document.getElementById("id").value = stored;
      search();
    });
    const faults = body.failed.map(f => el("li", {}, "game at line " + f.line + ": " + f.detail));
    out.replaceChildren(el("p", {}, "Stored " + count(body.ids.length, "game", "games") +
      (stored ? " as " + stored + " (" : ""), body.ids.length ? gameLink(body.ids[0]) : "",
      body.ids.length > 1 ? " \u2026 " : "", body.ids.length > 1 ? gameLink(body.ids[body.ids.length - 1]) : "",
      stored ? "; " : "", stored ? shown : "", stored ? ")" : "",
      ", " + count(body.failed.length, "failed", "failed") + "."));
    if (faults.length) out.appendChild(el("ul", {}, faults));
  }
  search();
});
search();
