// The game list: stored games filtered as the API filters them, and a box to store more.
"use strict";

function count(n, one, many) { return n + " " + (n === 1 ? one : many); }

async function list() {
  const q = new URLSearchParams();
  for (const k of ["player", "game", "since", "until"]) { const v = document.getElementById(k).value.trim(); if (v) q.set(k, v); }
  const r = await fetch("/api/v1/games?" + q);
  const body = await r.json();
  const tbody = document.querySelector("#games tbody");
  tbody.replaceChildren();
  if (!r.ok) { document.getElementById("paging").textContent = body.detail; return; }
  for (const g of body.games) {
    const tr = document.createElement("tr");
    const a = document.createElement("a");
    a.href = "/games/" + encodeURIComponent(g.id);
    a.textContent = g.id;
    const td = document.createElement("td"); td.appendChild(a); tr.appendChild(td);
    for (const t of [(g.game || "") + (g.declarer !== null && g.declarer !== undefined ? " by seat " + g.declarer : ""), g.players.join(", "), g.created_at]) {
      const c = document.createElement("td"); c.textContent = t; tr.appendChild(c);
    }
    tbody.appendChild(tr);
  }
  document.getElementById("paging").textContent = count(body.total, "game", "games");
}
document.getElementById("filters").addEventListener("submit", e => { e.preventDefault(); list(); });
document.getElementById("file").addEventListener("change", async e => {
  const f = e.target.files[0];
  if (f) document.getElementById("body").value = await f.text();
});
document.getElementById("upload").addEventListener("submit", async e => {
  e.preventDefault();
  const from = document.getElementById("from").value;
  const r = await fetch("/api/v1/games?from=" + from, { method: "POST", body: document.getElementById("body").value });
  const body = await r.json();
  const out = document.getElementById("result");
  if (!r.ok) { out.textContent = body.detail; return; }
  out.textContent = body.id ? "Stored " + body.id : "Stored " + count(body.ids.length, "game", "games") + ", " + body.failed.length + " failed";
  list();
});
list();
