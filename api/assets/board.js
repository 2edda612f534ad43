// The analysis board: deal a game by clicking cards into the hands (or open a stored one,
// `/board?game=ID&step=N`), choose its contract from those the deal allows, play it card by
// card, and at every position see each legal card's double-dummy value; a card off the
// game's line starts a variation, "best line" plays the rest perfectly.
//
// Shaped as lichess's analysis board: one state (`S`), navigation functions that change
// it, one key map, views that are functions of the state and of the answers fetched, and
// one `redraw`. The rules stay on the server: the board asks `POST /api/v1/board` what a
// position holds (hands sorted for the contract, legal cards, tricks, score) and
// `POST /api/v1/solve` what each card is worth. A stored game of von Alvensleben's tables
// or of three players (`?game=ID`, its record with `table`) opens in play: its seats
// around the table, each card's double-dummy value; no deal, play-out or players' view.
// Needs common.js.
"use strict";

const SIZES = { long: 8, short: 6, twenty: 5, kop: 4 };
const RANKS = { long: ["A", "Z", "K", "O", "U", "9", "8", "7"], short: ["A", "Z", "K", "O", "U", "9"], twenty: ["A", "Z", "K", "O", "U"], kop: ["A", "Z", "O", "U"] };

// The one state. `main` is the game's line; a variation leaves it after `at` cards.
const S = {
  phase: "deal",              // deal | contract | play
  deck: "long",
  hands: [[], [], [], []],    // as dealt
  target: 0,                  // the hand clicked cards go to
  base: {},                   // the record's other fields (rules, tariff, players, ...)
  contract: null,
  choices: [],                // [seat, contract] the deal allows
  main: [],
  variation: null,            // { at, cards }
  step: 0,
  title: "",                  // a stored game's id
  out: null,                  // playing it out: { seat, judge, from }
  players: false,             // also each card by what the player to move could know
  stepFault: null,            // why the address's `?step=` was not read, until the next move
  seats: 4,                   // 3, 6 or 8 for a game of another table (`S.base.table`)
};

// Answers of the service by request, fetched once: { state: "pending" | "done" | "error", value }.
const answers = new Map();

function names() {
  const p = S.base.players;
  if (S.seats !== 4) return p && p.length === S.seats ? p : [...Array(S.seats).keys()].map(s => "seat " + s);
  return p && p.length === 4 ? p : [0, 1, 2, 3].map(s => SEATS[s]);
}

function handSize() { return SIZES[S.deck] || 8; }

function allCards() {
  return ["E", "G", "H", "S"].flatMap(s => (RANKS[S.deck] || RANKS.long).map(r => s + r));
}

function line() {
  return S.variation ? S.main.slice(0, S.variation.at).concat(S.variation.cards) : S.main;
}

function record(cards) {
  const r = Object.assign({}, S.base, { hands: S.hands.map(h => h.join(" ")) });
  if (S.contract) r.contract = S.contract;
  if (cards && cards.length) r.play = cards.join(" ");
  return r;
}

// Fetches an answer once; the board redraws when it comes.
function ask(key, url, body) {
  if (answers.has(key)) return answers.get(key);
  const entry = { state: "pending" };
  answers.set(key, entry);
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
    .then(async r => {
      const value = await r.json();
      if (!r.ok) throw new Error(value.detail || r.statusText);
      entry.state = "done"; entry.value = value;
    })
    .catch(e => { entry.state = "error"; entry.value = String(e.message || e); })
    .finally(redraw);
  return entry;
}

function boardAt(cards) {
  return ask("board " + JSON.stringify(S.contract) + " " + cards.join(" "), "/api/v1/board", record(cards));
}

// The decision at the position by what the player to move could know (single dummy).
function playersAt(cards, seat) {
  return ask("players " + JSON.stringify(S.contract) + " " + cards.join(" "),
    "/api/v1/solve?view=players&points=true&show_worlds=3&seat=" + seat, record(cards));
}

function solveAt(cards) {
  return ask("solve " + JSON.stringify(S.contract) + " " + cards.join(" "), "/api/v1/solve", record(cards));
}

// ---- Navigation: every change of the state goes through these.

function go(k) {
  S.stepFault = null;
  S.step = Math.max(0, Math.min(line().length, k));
  redraw();
}

// A card clicked at the position: along the line if it is the next card there, else the
// game's line grows (at its end) or a variation starts (or is cut and continued).
function playCard(card) {
  S.stepFault = null;
  const k = S.step, shown = line();
  if (shown[k] === card) { S.step++; return redraw(); }
  if (!S.variation && k === S.main.length) {
    S.main.push(card);
  } else if (S.variation && k >= S.variation.at) {
    S.variation.cards = S.variation.cards.slice(0, k - S.variation.at).concat([card]);
  } else if (S.main[k] === card) {
    S.variation = null;
  } else {
    S.variation = { at: k, cards: [card] };
  }
  S.step = k + 1;
  redraw();
}

function backToGame() {
  if (!S.variation) return;
  S.step = S.variation.at;
  S.variation = null;
  redraw();
}

function promote() {
  if (!S.variation) return;
  S.main = line().slice();
  S.variation = null;
  redraw();
}

async function bestLine() {
  const cards = line().slice(0, S.step);
  const r = await fetch("/api/v1/solve?line=true", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record(cards)) });
  const body = await r.json();
  if (!r.ok) { say(body.detail); return; }
  for (const c of body.line) playCard(c);
}

// ---- Playing it out: the user takes a seat, the program plays the other three.

function startOut(seat, judge) {
  S.out = { seat, judge, from: S.step };
  // The game goes on from here: the cards after this position are the user's to make.
  const k = S.step;
  if (S.variation && k >= S.variation.at) S.variation.cards = S.variation.cards.slice(0, k - S.variation.at);
  else if (k < S.main.length) S.variation = { at: k, cards: [] };
  redraw();
}

function stopOut() { S.out = null; redraw(); }

// The program's card at the position, once its answer has come: the first best card.
function programCard(entry) {
  if (entry.state !== "done") return null;
  const v = entry.value;
  if (v.best) return v.best[0];
  return Object.keys(v.cards).find(c => v.cards[c] === v.value) || null;
}

function programTurn(cards, board) {
  const url = S.out.judge === "players" ? "/api/v1/solve?view=players&seat=" + board.to_move : "/api/v1/solve";
  const entry = ask("out " + S.out.judge + " " + JSON.stringify(S.contract) + " " + cards.join(" "), url, record(cards));
  const card = programCard(entry);
  if (entry.state === "error") return "The program could not choose: " + entry.value;
  if (!card) return "Waiting for " + seatName(board.to_move) + "\u2026";
  if (!entry.played) {
    entry.played = true;
    setTimeout(() => { if (S.out && line().length === cards.length && S.step === cards.length) playCard(card); }, 0);
  }
  return seatName(board.to_move) + " plays.";
}

// The user's cards judged once the game is over: his summary from the analysis.
function outSummary(cards) {
  const entry = ask("analyze " + JSON.stringify(S.contract) + " " + cards.join(" "), "/api/v1/analyze", record(cards));
  if (entry.state === "error") return entry.value;
  if (entry.state !== "done") return "Judging your cards\u2026";
  const p = entry.value.players.find(x => x.seat === S.out.seat);
  return "Your cards, judged double dummy: " + p.inaccuracies + (p.inaccuracies === 1 ? " inaccuracy, " : " inaccuracies, ") +
    p.mistakes + (p.mistakes === 1 ? " mistake, " : " mistakes, ") + p.blunders + (p.blunders === 1 ? " blunder" : " blunders") +
    "; money lost against perfect play: " + (p.loss || 0) + ".";
}

const KEYS = {
  ArrowLeft: () => go(S.step - 1),
  ArrowRight: () => go(S.step + 1),
  Home: () => go(0),
  End: () => go(line().length),
  Escape: backToGame,
};

// ---- The deal.

function dealt() { return new Set(S.hands.flat()); }

function addCard(card) {
  if (dealt().has(card)) return;
  const n = handSize();
  let t = S.target;
  for (let i = 0; i < 4 && S.hands[t].length >= n; i++) t = (t + 1) % 4;
  if (S.hands[t].length >= n) return;
  S.hands[t].push(card);
  if (S.hands[t].length >= n) S.target = (t + 1) % 4;
  redraw();
}

function removeCard(card) {
  for (let s = 0; s < 4; s++) {
    const i = S.hands[s].indexOf(card);
    if (i >= 0) { S.hands[s].splice(i, 1); S.target = s; }
  }
  redraw();
}

function randomRest() {
  const free = allCards().filter(c => !dealt().has(c));
  const bytes = new Uint32Array(free.length);
  crypto.getRandomValues(bytes);
  for (let i = free.length - 1; i > 0; i--) { const j = bytes[i] % (i + 1); [free[i], free[j]] = [free[j], free[i]]; }
  for (let s = 0; s < 4; s++) while (S.hands[s].length < handSize()) S.hands[s].push(free.pop());
  redraw();
}

// Card names as players write them: `EO`, `E10`, `EX`; the French `CQ`, `♣Q`, `D10` with
// the French signs chosen; German long names `Eichel-Ober`, `Herz Sau`, `Schellen Zehn`.
const SUIT_WORDS = { eichel: "E", eicheln: "E", gras: "G", grün: "G", gruen: "G", laub: "G", blatt: "G", herz: "H", rot: "H", schellen: "S", schelln: "S" };
// A rank after a suit's word may be a word or its letter or number: `Eichel 9`, `Gras O`.
const RANK_WORDS = { ass: "A", as: "A", sau: "A", daus: "A", zehn: "Z", "10": "Z", könig: "K", koenig: "K", ober: "O", unter: "U", neun: "9", acht: "8", sieben: "7",
  a: "A", z: "Z", x: "Z", k: "K", o: "O", u: "U", "9": "9", "8": "8", "7": "7" };
const FRENCH_READ = { C: "E", S: "G", H: "H", D: "S", "\u2663": "E", "\u2660": "G", "\u2665": "H", "\u2666": "S" };
const FRENCH_RANK_READ = { A: "A", "10": "Z", K: "K", Q: "O", J: "U", 9: "9", 8: "8", 7: "7" };

function readHand(text) {
  const words = text.trim().toLowerCase().replace(/[-,;]/g, " ").split(/\s+/).filter(Boolean);
  const cards = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (SUIT_WORDS[w] && i + 1 < words.length && RANK_WORDS[words[i + 1]]) {
      cards.push(SUIT_WORDS[w] + RANK_WORDS[words[i + 1]]); i++; continue;
    }
    const up = w.toUpperCase();
    const m = /^([^0-9AZKOUQJX]+|[CSHDEG])(10|[AZKOUQJX987])$/.exec(up);
    if (!m) throw new Error("'" + w + "' is not a card");
    let [, suit, rank] = m;
    // The French pack reads C S H D and Q J; a suit sign is French whatever the signs.
    const frenchCard = french || !"EGHS".includes(suit);
    suit = frenchCard ? FRENCH_READ[suit] : suit;
    rank = frenchCard ? FRENCH_RANK_READ[rank === "X" ? "10" : rank] : (rank === "10" || rank === "X" ? "Z" : rank);
    const card = suit && rank ? suit + rank : null;
    if (!card || !allCards().includes(card)) throw new Error("'" + w + "' is not a card of this pack");
    cards.push(card);
  }
  return cards;
}

function setTyped(text) {
  try {
    const cards = readHand(text);
    if (cards.length !== handSize()) throw new Error("a hand holds " + handSize() + " cards, not " + cards.length);
    const others = new Set(S.hands.filter((_, s) => s !== S.target).flat());
    const twice = cards.find((c, i) => others.has(c) || cards.indexOf(c) !== i);
    if (twice) throw new Error(twice + " is dealt twice");
    S.hands[S.target] = cards;
    S.target = (S.target + 1) % 4;
    typedFault("");
    redraw();
  } catch (e) {
    typedFault(e.message);
  }
}

// The table's settings from the deal panel into the record's fields: the players' names
// (all four or none), the cards, the variant, the tariff given (the rest default), the
// rules as JSON (the server names a fault in them).
function readTable(root) {
  const tariff = {};
  for (const [id, field] of [["tariff-base", "base"], ["tariff-solo", "solo"], ["tariff-extra", "extra"], ["tariff-laufende", "laufende_price"]]) {
    const v = root.querySelector("#" + id).value.trim();
    if (v !== "") tariff[field] = +v;
  }
  const text = root.querySelector("#rules").value.trim();
  let rules = null;
  if (text) {
    try { rules = JSON.parse(text); } catch (e) { throw new Error("the rules are not JSON: " + e.message); }
  }
  const base = Object.assign({}, S.base, { deck: S.deck, variant: root.querySelector("#variant").value });
  const players = [0, 1, 2, 3].map(s => root.querySelector("#name-" + s).value.trim());
  const named = players.filter(Boolean).length;
  if (named === 4) base.players = players;
  else if (named === 0) delete base.players;
  else throw new Error("name all four players, or none (" + (4 - named) + " left blank)");
  if (Object.keys(tariff).length) base.tariff = tariff; else delete base.tariff;
  if (rules) base.rules = rules; else delete base.rules;
  return base;
}

async function toContract() {
  if (S.hands.some(h => h.length !== handSize())) { say("Deal every card first."); return; }
  try { S.base = readTable(document.getElementById("board")); } catch (e) { say(e.message); return; }
  const r = await fetch("/api/v1/board", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record([])) });
  const body = await r.json();
  if (!r.ok) { say(body.detail); return; }
  // What each seat may choose and what is played when all pass, as the table's variant
  // and rules allow them (the server's one list).
  S.choices = body.announceable.flatMap((list, seat) => list.map(c => [seat, c]));
  if (body.all_pass) S.choices.push([null, body.all_pass]);
  S.phase = "contract";
  say("");
  redraw();
}

function startPlay() {
  // Answers are kept by contract and line: a new deal or table starts them afresh.
  answers.clear();
  const select = document.getElementById("contract");
  if (select.value === "") { say("Choose a contract first."); return; }
  S.contract = S.choices[+select.value][1];
  S.base = withDoublings(S.base, document.getElementById("contract-panel"));
  S.phase = "play";
  S.main = []; S.variation = null; S.step = 0;
  redraw();
}

// The doublings given in the contract panel into the record's (a Bock it had stays); the
// server names a count the game does not allow.
function withDoublings(base, root) {
  const doublings = Object.assign({}, base.doublings);
  for (const k of ["klopfen", "kontra", "re"]) {
    const v = +root.querySelector("#" + k).value || 0;
    if (v) doublings[k] = v; else delete doublings[k];
  }
  const out = Object.assign({}, base, { doublings });
  if (!Object.keys(doublings).length) delete out.doublings;
  return out;
}

// ---- Keeping the game.

// What is stored is the line shown: the game's, or a variation with the cards before it
// (a play-out started inside the line is one), and the answer says which.
async function store() {
  const which = S.variation ? "the line shown (the variation after card " + S.variation.at + ")" : "the game";
  const rec = record(line());
  const id = document.getElementById("store-id").value.trim();
  if (id) rec.id = id;
  const r = await fetch("/api/v1/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(rec) });
  const body = await r.json();
  const out = document.getElementById("stored");
  if (!r.ok) { out.replaceChildren(el("span", { class: "fault" }, body.detail)); return; }
  // An id is the game's once: the next store asks for another (or takes a new one).
  document.getElementById("store-id").value = "";
  out.replaceChildren("Stored " + which + " as ", el("a", { href: "/games/" + encodeURIComponent(body.id) }, body.id),
    " (its replay, with every card's analysis).");
}

function say(text) { document.getElementById("message").textContent = text; }

// A typed hand's fault, beside its field.
function typedFault(text) { document.getElementById("typed-fault").textContent = text; }

// ---- Views: functions of the state and the answers.

function seatName(s) { return s === null || s === undefined ? "" : names()[s]; }

function viewDeal(root) {
  const used = dealt();
  const palette = root.querySelector("#palette");
  palette.replaceChildren(...["E", "G", "H", "S"].map(suit => el("div", { class: "suit-row" },
    allCards().filter(c => c[0] === suit).map(c => {
      const b = el("button", { type: "button", class: "pick", "data-card": c, title: "Deal " + c }, cardNode(c));
      b.disabled = used.has(c);
      b.addEventListener("click", () => addCard(c));
      return b;
    }))));
  const target = root.querySelector("#target");
  target.replaceChildren(...[0, 1, 2, 3].map(s => el("option", { value: s }, seatName(s) + " (" + S.hands[s].length + "/" + handSize() + ")")));
  target.value = S.target;
  for (let s = 0; s < 4; s++) {
    const box = root.querySelector(".seat.s" + s);
    box.classList.toggle("to-move", s === S.target);
    box.querySelector(".name").textContent = seatLabel(S.base.players, s);
    box.querySelector(".hand").replaceChildren(...S.hands[s].map(c => {
      const b = el("button", { type: "button", class: "pick", "data-card": c, title: "Take back " + c }, cardNode(c));
      b.addEventListener("click", () => removeCard(c));
      return b;
    }));
  }
  root.querySelector(".trick").replaceChildren();
  root.querySelector("#to-contract").disabled = S.hands.some(h => h.length !== handSize());
}

// The contracts the deal allows, asked seat first: who declares (or everyone passes), then
// what of that seat's choices.
function viewContract(root) {
  for (let s = 0; s < 4; s++) root.querySelector(".seat.s" + s + " .name").textContent = seatLabel(S.base.players, s);
  const who = root.querySelector("#declarer"), what = root.querySelector("#contract");
  const key = JSON.stringify([S.choices, S.base.players || null]);
  if (who.dataset.for !== key) {
    const seats = [...new Set(S.choices.map(([seat]) => seat))];
    who.replaceChildren(...seats.map(seat => el("option", { value: seat === null ? "pass" : seat },
      seat === null ? (S.base.rules && S.base.rules.bierkopf ? "Nobody bids (Bierkopf)" : "Everyone passes")
        : seatLabel(S.base.players, seat))));
    who.dataset.for = key;
  }
  const seat = who.value === "pass" ? null : +who.value;
  if (what.dataset.for !== key + " " + who.value) {
    const mine = S.choices.map((choice, i) => [choice, i]).filter(([[s]]) => s === seat);
    // The seat is chosen above: each contract without "by" it.
    what.replaceChildren(...mine.map(([[, c], i]) => el("option", { value: i },
      contractText(Object.assign({}, c, { declarer: null }), names()))));
    what.dataset.for = key + " " + who.value;
  }
}

// The table at the current position: hands as the board answers them, the legal cards as
// buttons with their values, the trick on the table.
function viewTable(root, board, solved, judged) {
  // Playing it out, the user sees his own hand only and no values until the end.
  const out = S.out && board.to_move !== undefined ? S.out.seat : null;
  const values = out === null && solved && solved.state === "done" ? solved.value : null;
  const best = values ? values.value : null;
  const costs = values ? Object.values(values.cards).map(v => Math.abs(v - best)) : [];
  const known = knownDeclarers(board, out);
  const players = out === null && judged && judged.state === "done" ? judged.value : null;
  const worst = Math.max(1, ...costs);
  for (let s = 0; s < S.seats; s++) {
    const box = root.querySelector(".seat.s" + s);
    box.classList.toggle("to-move", board.to_move === s);
    box.classList.toggle("declarer", known.includes(s));
    box.querySelector(".name").textContent = S.seats === 4 ? seatLabel(S.base.players, s) : names()[s];
    if (out !== null && s !== out) {
      box.querySelector(".hand").replaceChildren(el("span", { class: "hidden-hand" }, board.hands[s].length + " cards"));
      continue;
    }
    box.querySelector(".hand").replaceChildren(...board.hands[s].map(c => {
      if (board.to_move !== s || !board.legal.includes(c)) return cardNode(c, board.to_move === s ? "idle" : "");
      // Another table's question may run out of its budget: no values then, only bounds.
      const v = values && values.cards ? values.cards[c] : undefined;
      const cost = v === undefined ? null : Math.abs(v - best);
      const shade = cost === null ? "" : cost === 0 ? " best" : " cost" + shadeOf(cost, values.measure, worst);
      const b = el("button", { type: "button", class: "play" + shade, "data-card": c,
        title: v === undefined ? "Play " + c : "Play " + c + ": value " + v + (cost ? ", costs " + cost : ", a best card") },
        cardNode(c), out === null ? el("span", { class: "value" }, v !== undefined ? String(v) : values ? "?" : "\u2026") : null,
        players ? el("span", { class: "sd-value", title: playersTitle(players.cards[c]) }, playersText(players.cards[c])) : null);
      // A button plays its card at the position it was drawn for: a second click (a
      // double click, a burst) before the next position is drawn plays nothing.
      const at = drawn;
      b.addEventListener("click", () => { if (at === drawn) playCard(c); });
      return b;
    }));
  }
  const trick = root.querySelector(".trick");
  const last = board.tricks[board.tricks.length - 1];
  const n = S.seats;
  if (board.current.length) {
    trick.replaceChildren(...board.current.map((c, i) => trickCard(c, (board.leader + i) % n, n, names(), false)));
  } else if (last) {
    trick.replaceChildren(...last.cards.map((c, i) => {
      const seat = (last.leader + i) % n;
      return trickCard(c, seat, n, names(), seat === last.winner);
    }));
  } else {
    trick.replaceChildren();
  }
}

// How dark a costly card is drawn, 1 to 3: in points up to 10, up to 30, more (the 31 and
// 61 steps of the game); in tricks one, two, more; in money against the dearest card here.
function shadeOf(cost, measure, worst) {
  if (measure === "points") return cost <= 10 ? 1 : cost <= 30 ? 2 : 3;
  if (measure === "tricks") return Math.min(3, cost);
  return Math.min(3, Math.ceil(3 * cost / worst));
}

// A card by what its player could know: its expected value and chance to win.
function playersText(card) {
  if (!card) return "";
  const e = card.expected != null ? card.expected.toFixed(1) : "";
  const w = card.win != null ? " " + Math.round(100 * card.win) + "%" : "";
  return e + w;
}

// The same in words, with the worlds it was judged over where fewer than the decision's
// (settled early) and its severity, or the two classes the worlds left it between.
function playersTitle(card) {
  if (!card) return "";
  const n = card.worlds != null ? "; over its first " + card.worlds + " worlds" : "";
  const v = card.unsettled ? "; unsettled between " + card.between.join(" and ")
    : card.advice ? "; " + card.advice : "";
  return "Expected value; chance to win" + n + v;
}

// The declaring side as the player to move knows it: while playing it out, a Sauspiel's
// partner is not shown until the called ace falls (unless the user is the partner).
function knownDeclarers(board, out) {
  const c = S.contract;
  if (out === null || !c || c.game !== "sauspiel" || !c.suit) return board.declarers;
  const ace = c.suit.toUpperCase() + "A";
  const fallen = board.tricks.some(t => t.cards.includes(ace)) || board.current.includes(ace);
  if (fallen || board.hands[out].includes(ace)) return board.declarers;
  return board.declarers.filter(s => s === c.declarer || s === out);
}

function viewTricks(root, board) {
  const out = S.out && board.to_move !== undefined ? S.out.seat : null;
  // The points per side only while the whole declaring side is known.
  const known = knownDeclarers(board, out);
  const sides = known.length && known.length === board.declarers.length ? new Set(known) : null;
  root.querySelector("#tricks tbody").replaceChildren(
    ...trickRows(board.tricks, { leader: board.leader, cards: board.current }, names(), sides));
}

// The game's line and the variation beside it, grouped by trick; each card goes there.
function viewLines(root) {
  const mainBox = root.querySelector("#main-line");
  const v = S.variation;
  // The card last played is marked where it stands: on the variation once past its start.
  const here = v && S.step > v.at ? [-1, S.step - 1] : [S.step - 1, -1];
  const moves = (cards, offset, inVariation) => cards.flatMap((c, i) => {
    const k = offset + i;
    const mark = k === here[inVariation ? 1 : 0] ? " here" : "";
    const a = el("button", { type: "button", class: "move" + mark, "data-k": k + 1 }, cardNode(c));
    a.addEventListener("click", () => {
      if (!inVariation && v && k >= v.at) S.variation = null;
      go(k + 1);
    });
    return [k % S.seats === 0 ? el("span", { class: "trick-no" }, (k / S.seats + 1) + ".") : null, a];
  });
  mainBox.replaceChildren();
  append(mainBox, S.main.length ? moves(S.main, 0, false) : [el("span", { class: "muted" }, "No card played yet.")]);
  const box = root.querySelector("#variation");
  box.replaceChildren();
  if (v) append(box, [el("h2", {}, "Variation after card " + v.at), el("p", { class: "moves variation" }, moves(v.cards, v.at, true))]);
}

function viewOut(root, cards, board) {
  const seat = root.querySelector("#out-seat");
  if (seat.options.length !== 4 || seat.dataset.names !== names().join()) {
    seat.replaceChildren(...[0, 1, 2, 3].map(s => el("option", { value: s }, seatLabel(S.base.players, s))));
    seat.dataset.names = names().join();
  }
  root.querySelector("#out-start").hidden = !!S.out;
  root.querySelector("#out-stop").hidden = !S.out;
  seat.disabled = root.querySelector("#out-judge").disabled = !!S.out;
  const status = root.querySelector("#out-status");
  if (!S.out) { status.textContent = "Take a seat and play the rest against the program."; return; }
  if (board.to_move === undefined) status.textContent = outSummary(cards);
  else if (S.step < line().length) status.textContent = "Go to the last card to play on.";
  else if (board.to_move === S.out.seat) status.textContent = "Your card, " + seatName(S.out.seat) + ".";
  else status.textContent = programTurn(cards, board);
  root.dataset.out = board.to_move === undefined ? "over" : board.to_move === S.out.seat ? "yours" : "program";
}

function viewHeader(root, start, end) {
  const title = document.getElementById("title");
  const sub = document.getElementById("subtitle");
  if (S.phase === "deal") { title.textContent = S.title || "A new game"; sub.textContent = "Deal the cards: click them into the hands, or type a hand."; return; }
  if (S.phase === "contract") { sub.textContent = "Choose who plays what: the contracts the deal allows."; return; }
  title.textContent = S.title || "A new game";
  // Another table's game and result come in the library's words (the board's `title`
  // and `result`).
  const table = end && end.state === "done" && end.value.table ? end.value : null;
  const parts = [table ? table.title : contractText(S.contract, names())];
  const score = end && end.state === "done" ? end.value.score : null;
  if (table && table.result) parts.push("as played: " + table.result);
  else if (score) parts.push(resultText(score, "as played", names()));
  if (start && start.state === "done") {
    const v = start.value;
    const value = v.value !== undefined ? v.value : v.bounds ? v.bounds.join("..") + ", out of budget" : "?";
    parts.push("double-dummy value at the deal: " + value + " (" + v.measure + ")");
  }
  sub.textContent = parts.join(" \u2014 ");
}

// Counts the draws: a card button is live only until the next one (see `viewTable`).
let drawn = 0;

function redraw() {
  drawn++;
  const root = document.getElementById("board");
  viewWorlds(root, null);
  root.querySelector("#deal-panel").hidden = S.phase !== "deal";
  root.querySelector("#contract-panel").hidden = S.phase !== "contract";
  for (const id of ["#stepping", "#lines-panel", "#tricks-panel", "#keep-panel", "#out-panel"]) root.querySelector(id).hidden = S.phase !== "play";
  // At another table: double dummy only, no best line (asked at four seats).
  const wide = S.seats !== 4;
  root.querySelector("#out-panel").hidden ||= wide;
  root.querySelector("#players-view").parentNode.hidden = wide;
  root.dataset.phase = S.phase;
  if (S.phase === "deal") { viewDeal(root); viewHeader(root); return; }
  if (S.phase === "contract") { viewContract(root); viewHeader(root); return; }
  const cards = line().slice(0, S.step);
  const board = boardAt(cards);
  const start = solveAt([]);
  const end = S.main.length || S.seats !== 4 ? boardAt(S.main) : null;
  viewHeader(root, start, end);
  viewLines(root);
  root.querySelector("#back-to-game").hidden = !S.variation;
  root.querySelector("#promote").hidden = !S.variation;
  root.querySelector("#step").textContent = "card " + S.step + " of " + line().length + (S.variation ? " (variation)" : "") +
    (S.stepFault ? ": " + S.stepFault : "");
  const download = root.querySelector("#download");
  download.href = "data:application/json;charset=utf-8," + encodeURIComponent(JSON.stringify(record(line())) + "\n");
  // Until the position's answer is in, the buttons of the one before are dead: shown so.
  if (board.state !== "done") for (const b of root.querySelectorAll(".hand button.play")) b.disabled = true;
  if (board.state === "error") { say(board.value); return; }
  if (board.state !== "done") return;
  const b = board.value;
  const programs = S.out && b.to_move !== undefined && b.to_move !== S.out.seat;
  const solved = b.to_move !== undefined && !programs ? solveAt(cards) : null;
  const result = b.result ? (S.variation ? "this line: " : "as played: ") + b.result
    : b.score ? resultText(b.score, S.variation ? "this line" : "as played", names()) : "";
  if (solved && solved.state === "error") say(solved.value); else say(result);
  viewOut(root, cards, b);
  const judged = S.players && !S.out && b.to_move !== undefined && b.legal.length > 1 ? playersAt(cards, b.to_move) : null;
  viewTable(root, b, solved, judged);
  if (judged && judged.state === "error") say(judged.value);
  else if (judged && judged.state === "pending") say("Judging the cards by what " + seatName(b.to_move) + " could know\u2026");
  else if (judged) say("By what " + seatName(b.to_move) + " could know: " + judged.value.worlds + " worlds" +
    (judged.value.exhaustive ? " (every one)" : judged.value.inference === "auction" ? ", as likely as the auction makes them" : "") +
    "; beneath each card its expected value and chance to win, its severity in its title.");
  viewWorlds(root, judged && judged.state === "done" ? judged.value.shown_worlds : null);
  viewTricks(root, b);
  root.querySelector("#best-line").disabled = b.to_move === undefined;
  root.querySelector("#best-line").hidden = (!!S.out && b.to_move !== undefined) || wide;
  root.dataset.step = S.step;
  root.dataset.ready = programs ? "false" : solved ? String(solved.state === "done" && (!judged || judged.state !== "pending")) : "true";
}

// The worlds the players' view averaged over, a few of them: each seat's hand as dealt,
// as text (the cards drawn as everywhere else).
function viewWorlds(root, worlds) {
  const box = root.querySelector("#worlds");
  box.hidden = !worlds || !worlds.length;
  root.querySelector("#worlds-list").replaceChildren(...worldItems(worlds, [0, 1, 2, 3].map(seatName)));
}

// ---- Start: a new deal, or a stored game at the deal (`?step=N` elsewhere).

async function start() {
  const q = new URLSearchParams(location.search);
  const asked = q.get("signs");
  french = asked === "french";
  const root = document.getElementById("board");
  root.querySelector("#first").addEventListener("click", () => go(0));
  root.querySelector("#prev").addEventListener("click", () => go(S.step - 1));
  root.querySelector("#next").addEventListener("click", () => go(S.step + 1));
  root.querySelector("#last").addEventListener("click", () => go(line().length));
  root.querySelector("#best-line").addEventListener("click", bestLine);
  root.querySelector("#back-to-game").addEventListener("click", backToGame);
  root.querySelector("#promote").addEventListener("click", promote);
  root.querySelector("#random-rest").addEventListener("click", randomRest);
  root.querySelector("#clear").addEventListener("click", () => { S.hands = [[], [], [], []]; S.target = 0; redraw(); });
  root.querySelector("#target").addEventListener("change", e => { S.target = +e.target.value; redraw(); });
  root.querySelector("#deck").addEventListener("change", e => { S.deck = e.target.value; S.hands = [[], [], [], []]; S.target = 0; redraw(); });
  root.querySelector("#typed").addEventListener("submit", e => { e.preventDefault(); setTyped(root.querySelector("#typed-hand").value); });
  root.querySelector("#to-contract").addEventListener("click", toContract);
  root.querySelector("#play").addEventListener("click", startPlay);
  root.querySelector("#declarer").addEventListener("change", redraw);
  root.querySelector("#redeal").addEventListener("click", () => { S.phase = "deal"; S.contract = null; redraw(); });
  root.querySelector("#store").addEventListener("click", store);
  root.querySelector("#out-form").addEventListener("submit", e => {
    e.preventDefault();
    startOut(+root.querySelector("#out-seat").value, root.querySelector("#out-judge").value);
  });
  root.querySelector("#out-stop").addEventListener("click", stopOut);
  root.querySelector("#players-view").addEventListener("change", e => { S.players = e.target.checked; redraw(); });
  document.addEventListener("keydown", e => {
    if (S.phase !== "play" || ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName)) return;
    const f = KEYS[e.key];
    if (f) { f(); e.preventDefault(); }
  });
  const id = q.get("game");
  if (id) {
    const r = await fetch("/api/v1/games/" + encodeURIComponent(id) + "?pack=german");
    const rec = await r.json();
    if (!r.ok) { say(rec.detail); return redraw(); }
    // Stored again, a game gets an id of its own: its line may have changed.
    const { hands, contract, play, id: _, ...rest } = rec;
    S.base = rest;
    S.title = id;
    if (rec.table) {
      // Another table's game: its seats, and straight to play (the deal declares it).
      S.seats = hands.length;
      wideTable(root, S.seats);
      S.hands = hands.map(cardsOf);
      S.contract = contract || null;
      S.main = cardsOf(play || "");
      S.phase = "play";
      const at = stepOf(q, S.main.length);
      S.step = at.step;
      S.stepFault = at.fault;
      return redraw();
    }
    for (let s = 0; s < 4; s++) root.querySelector("#name-" + s).value = rec.players && rec.players.length === 4 ? rec.players[s] : "";
    for (const k of ["klopfen", "kontra", "re"]) root.querySelector("#" + k).value = (rec.doublings && rec.doublings[k]) || 0;
    S.deck = rec.deck || "long";
    root.querySelector("#deck").value = S.deck;
    root.querySelector("#variant").value = rec.variant || "bavarian";
    S.hands = hands.map(cardsOf);
    S.contract = contract || null;
    S.main = cardsOf(play || "");
    S.phase = contract ? "play" : "deal";
    const at = stepOf(q, S.main.length);
    S.step = at.step;
    S.stepFault = at.fault;
  }
  redraw();
}

start();
