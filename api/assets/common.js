// What every page shares: building nodes from data (never markup), drawing cards in the
// German or French signs, naming seats and contracts. Loaded before each page's own script
// (and inlined before it in a saved report); no build step.
"use strict";

const SEATS = ["Vorhand", "Mittelhand", "Hinterhand", "Geber"];
const SUIT_NAMES = { E: "Eichel", G: "Gras", H: "Herz", S: "Schellen" };
// The suit signs of the German pack, drawn as SVG shapes: [element, attributes].
const SUIT_SHAPES = {
  E: [["ellipse", { cx: 6, cy: 7.5, rx: 3.2, ry: 4, fill: "#8b5a2b" }], ["path", { d: "M2 5h8a4 3 0 0 0-8 0z", fill: "#5b3a1a" }]],
  G: [["path", { d: "M6 1C1 4 1 9 6 11c5-2 5-7 0-10z", fill: "#3a8f3a" }], ["path", { d: "M6 2v9", stroke: "#1f5e1f" }]],
  H: [["path", { d: "M6 11L1.2 6A2.8 2.8 0 0 1 6 2.6 2.8 2.8 0 0 1 10.8 6z", fill: "#d23030" }]],
  S: [["circle", { cx: 6, cy: 6, r: 4.5, fill: "#e0a020" }], ["path", { d: "M1.5 6h9", stroke: "#8a5a00" }], ["circle", { cx: 6, cy: 8, r: 1, fill: "#8a5a00" }]],
};
const RANK_TEXT = { A: "A", Z: "10", K: "K", O: "O", U: "U", 9: "9", 8: "8", 7: "7" };
// The French pack of the German game: Eichel clubs, Gras spades, Herz hearts, Schellen
// diamonds; Ober queen, Unter jack.
const FRENCH_SUIT = { E: ["\u2663", "black"], G: ["\u2660", "black"], H: ["\u2665", "red"], S: ["\u2666", "red"] };
const FRENCH_NAMES = { E: "Clubs", G: "Spades", H: "Hearts", S: "Diamonds" };
const FRENCH_RANK = { A: "A", Z: "10", K: "K", O: "Q", U: "J", 9: "9", 8: "8", 7: "7" };
const SVG_NS = "http://www.w3.org/2000/svg";
let french = false;

// Pages are built from nodes, never from markup: data (names, ids, notes) only ever
// becomes text. `kids` are nodes or strings (text nodes); null and false are left out.
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  append(e, kids);
  return e;
}

function svgEl(tag, attrs, ...kids) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  append(e, kids);
  return e;
}

function append(parent, kids) {
  for (const k of kids.flat()) {
    if (k === null || k === undefined || k === false) continue;
    parent.appendChild(typeof k === "string" || typeof k === "number" ? document.createTextNode(String(k)) : k);
  }
}

function cardNode(card, extra) {
  const suit = card[0], rank = card.slice(1);
  const cls = "card" + (extra ? " " + extra : "");
  if (french) {
    const [sign, colour] = FRENCH_SUIT[suit] || ["?", "black"];
    return el("span", { class: cls, "data-card": card, title: (FRENCH_NAMES[suit] || suit) + " " + (FRENCH_RANK[rank] || rank) },
      el("span", { class: colour }, sign), FRENCH_RANK[rank] || rank);
  }
  const icon = svgEl("svg", { viewBox: "0 0 12 12", "aria-hidden": "true" },
    (SUIT_SHAPES[suit] || []).map(([tag, attrs]) => svgEl(tag, attrs)));
  return el("span", { class: cls, "data-card": card, title: (SUIT_NAMES[suit] || suit) + " " + (RANK_TEXT[rank] || rank) },
    icon, RANK_TEXT[rank] || rank);
}

// Cards with a space between each.
function cardNodes(cards) {
  return cards.flatMap((c, i) => i ? [" ", cardNode(c)] : [cardNode(c)]);
}

function cardsOf(text) {
  if (Array.isArray(text)) return text.join(" ").split(/\s+/).filter(Boolean).map(c => c.toUpperCase());
  return (text || "").split(/\s+/).filter(Boolean).map(c => c.toUpperCase().replace("10", "Z").replace("X", "Z"));
}

function contractText(c, names) {
  if (!c) return "no contract";
  const who = c.declarer === undefined || c.declarer === null ? "" : " by " + names[c.declarer];
  const suit = c.suit ? " " + SUIT_NAMES[c.suit.toUpperCase()] : "";
  const game = c.game.toLowerCase();
  if (game === "sauspiel" || game === "rufspiel") return "Sauspiel on the" + suit + " " + (c.rank || "ace") + who;
  const name = game.charAt(0).toUpperCase() + game.slice(1).replace("_", " ");
  const partner = c.partner !== undefined && c.partner !== null && game === "hochzeit" ? " with " + names[c.partner] : "";
  return name + suit + (c.tout ? " Tout" : "") + (c.solo ? " alone" : "") + who + partner;
}


// The result of a finished hand in words, `label` first (`as played`, `this line`): who
// won with how many points, schneider or schwarz, and each player's money; in a Ramsch who
// pays.
function resultText(score, label, names) {
  const money = names.map((n, s) => n + " " + (score.payouts[s] > 0 ? "+" : "") + score.payouts[s]).join(", ");
  if (score.revoke) {
    // The library words the rule broken; the page names who it cost.
    const r = score.revoke;
    const who = score.declarers.length ? "the declarers " + (score.won ? "won" : "lost") : names[r.seat] + " loses";
    return label + ": " + who + " by a revoke: play " + r.index + " (" + r.card + "), " + r.fault + "; " + money;
  }
  if (score.loser !== undefined || score.payers) {
    const durchmarsch = score.durchmarsch !== null && score.durchmarsch !== undefined;
    return label + ", Ramsch: " + (durchmarsch ? "Durchmarsch by " + names[score.durchmarsch]
      : (score.payers || []).map(s => names[s]).join(" and ") + " pay") + "; " + money;
  }
  if (score.thrown_in) return label + ": thrown in; " + money;
  const side = score.declarers.reduce((p, s) => p + score.points[s], 0);
  const extra = score.schwarz ? ", schwarz" : score.schneider ? ", schneider" : "";
  return label + ": the declarers " + (score.won ? "won" : "lost") + " with " + side + " points" + extra + "; " + money;
}

// A seat's label at the table: the player's name and position where the record names all
// four players, or the position alone.
// A few of the worlds the players' view averaged over, each seat's hand as dealt, named
// by `names` (the board and the replay page draw them alike).
function worldItems(worlds, names) {
  return (worlds || []).map(w => el("li", { class: "world" },
    ...w.hands.map((hand, s) => el("div", { class: "world-hand" },
      el("span", { class: "name" }, names[s] + ": "), ...cardsOf(hand).map(c => cardNode(c))))));
}

// `?step=N` of a page's address: the card number asked for, at most `most`; where the
// text is not a card number the page opens at the deal and `fault` says why.
function stepOf(q, most) {
  const text = q.get("step");
  if (text === null || text === "") return { step: 0, fault: null };
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n)) {
    return { step: 0, fault: "step must be a card number from 0 to " + most + ", not '" + text + "'" };
  }
  return { step: Math.min(most, n), fault: null };
}

function seatLabel(players, s) {
  return players && players.length === 4 ? players[s] + " \u00b7 " + SEATS[s] : SEATS[s];
}

// The tricks panel's rows: each finished trick (who led, its cards, who took it, its
// points and, where `sides` holds the declaring side, the points so far of it and of the
// others), then the trick on the table, `open` = {leader, cards}, if it has a card.
function trickRows(tricks, open, names, sides) {
  let ours = 0, theirs = 0;
  const rows = tricks.map((t, i) => {
    if (sides && sides.has(t.winner)) ours += t.points; else theirs += t.points;
    return el("tr", {}, el("td", {}, i + 1), el("td", {}, names[t.leader] + ": ", cardNodes(t.cards)),
      el("td", {}, names[t.winner]), el("td", {}, t.points), el("td", {}, sides ? ours + " : " + theirs : ""));
  });
  if (open && open.cards.length) {
    rows.push(el("tr", { class: "sel" }, el("td", {}, tricks.length + 1),
      el("td", {}, names[open.leader] + ": ", cardNodes(open.cards)), el("td", {}, "\u2026"), el("td", {}), el("td", {})));
  }
  return rows;
}

// A table of 3, 6 or 8 seats (von Alvensleben's, three players) in place of the four of
// `table.html`: a box a seat around the trick, laid out by the sheet (`.table.seats-N`).
function wideTable(root, seats) {
  const table = root.querySelector(".table");
  if (table.classList.contains("seats-" + seats)) return;
  table.className = "table wide seats-" + seats;
  const seat = s => el("div", { class: "seat s" + s }, el("div", { class: "name" }), el("div", { class: "hand" }));
  table.replaceChildren(...[...Array(seats).keys()].map(seat), el("div", { class: "trick", "aria-live": "polite" }));
}

// A card of the trick on the table: at four seats before its seat, at more in the order
// played with who played it; `won` marks the card that took the trick.
function trickCard(card, seat, seats, names, won) {
  const node = cardNode(card, won ? "won" : "");
  if (seats === 4) return el("div", { class: "t" + seat }, node);
  return el("div", { class: "played" }, node, el("span", { class: "by" }, names[seat]));
}
