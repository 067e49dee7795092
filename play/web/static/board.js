// The board page of `fecipher serve` (docs/web.md). Everything shown comes from the
// server's state, which is built from the seat's player view only. The page never
// decides what is legal: it sends the option's number (or what a click means) and
// shows the engine's answer or its reason for refusing.
"use strict";

let S = null;              // the server's last state: {table, decks, agents, workshop}
let selected = null;       // the unit picked first for a two-click action (attack, move)
let busy = false;          // a request is under way
let stepTimer = null;

const $ = (sel) => document.querySelector(sel);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
const AREA_WORDS = {hand: "hand", deck: "deck", orbs: "orbs", bonds: "bonds", support: "Support Area",
  retreat: "Retreat Area", boundless: "Boundless Area", field: "field"};

// ------------------------------------------------------------------ talking to the server
async function api(path, body) {
  busy = true;
  document.body.dataset.busy = "1";
  try {
    const r = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const j = await r.json();
    if (!r.ok) {
      showMessage(j.error || "refused", true);
      return null;
    }
    if (j.state) render(j.state);
    return j;
  } catch (e) {
    showMessage("the server cannot be reached: " + e, true);
    return null;
  } finally {
    busy = false;
    document.body.dataset.busy = "0";
    scheduleStep();
  }
}

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onmessage = (m) => { const j = JSON.parse(m.data); if (j.state) render(j.state); scheduleStep(); };
  ws.onclose = () => setTimeout(connect, 1000);
}

function showMessage(text, refused) {
  const m = $("#message");
  m.textContent = text || "";
  m.className = refused ? "refused" : "";
}

// ------------------------------------------------------------------ the opponent's turn
function scheduleStep() {
  const t = S && S.table;
  if (stepTimer) { clearTimeout(stepTimer); stepTimer = null; }
  const waiting = t && t.mode === "play" && t.agent_to_move && !t.over;
  $("#step").disabled = !waiting || busy;
  if (!waiting || busy) return;
  const mode = $("#follow-mode").value;
  if (mode === "step") return;                       // the player clicks "Next step"
  if (mode === "instant") { stepTimer = setTimeout(() => api("/api/run", {}), 0); return; }
  stepTimer = setTimeout(() => api("/api/step", {}), 450);
}

// ------------------------------------------------------------------ cards
function symbolClass(code) {
  const c = S.table.cards[code];
  return c && c.symbols.length ? "sym-" + c.symbols[0] : "sym-none";
}

function cardEl(cv, extra) {
  // A card as the view shows it: named, or a back when the viewer may not see it.
  const e = el("div", "card");
  e.dataset.place = `${cv.owner}:${cv.area}:${cv.index}`;
  if (cv.name === null || cv.name === undefined) {
    e.classList.add("back");
    e.title = `a face-down card (${AREA_WORDS[cv.area] || cv.area})`;
    return e;
  }
  const info = S.table.cards[cv.code];
  e.classList.add(symbolClass(cv.code));
  if (cv.face_up === false) e.classList.add("face-down");
  if (cv.id !== null && cv.id !== undefined) e.dataset.card = cv.id;
  e.dataset.code = cv.code;
  const [unit, title] = cv.name.split(/, (.*)/s);
  e.append(el("div", "cname", unit), el("div", "ctitle", title || ""));
  if (info) {
    const stats = el("div", "cstats");
    stats.append(el("span", "cost", String(info.cost)), el("span", "atk", info.attack === null ? "" : String(info.attack)));
    e.append(stats);
  }
  if (extra) e.append(el("div", "cnote", extra));
  e.title = cv.name;
  return e;
}

function unitEl(u) {
  const e = el("div", "unit");
  e.dataset.unit = u.id;
  if (u.tapped) e.classList.add("tapped");
  if (u.main_character) e.classList.add("mc");
  const top = cardEl(u.cards[0]);
  e.append(top);
  e.append(el("span", "power", String(u.attack)));
  if (u.cards.length > 1) e.append(el("span", "stack", "stack " + u.cards.length));
  if (u.main_character) e.append(el("span", "mcbadge", "MC"));
  if (u.tapped) e.append(el("span", "tapbadge", "tapped"));
  e.title = `${u.name}: attack ${u.attack}${u.tapped ? ", tapped" : ""}${u.main_character ? ", Main Character" : ""}` +
    (u.cards.length > 1 ? `, stack of ${u.cards.length}: ${u.cards.map(c => c.name).join(" / ")}` : "");
  return e;
}

function pile(label, cards, count, cls) {
  // A pile (deck, Retreat, Boundless, Support): its count; a click lists its public cards.
  const e = el("div", "pile " + (cls || ""));
  e.append(el("div", "pile-label", label), el("div", "pile-count", String(count)));
  if (cards && cards.length) {
    e.classList.add("listable");
    e.addEventListener("click", (ev) => { ev.stopPropagation(); showList(label, cards); });
  }
  return e;
}

function sideEl(side, mine) {
  const t = S.table;
  const box = document.createDocumentFragment();
  const who = el("div", "who", t.players[side.player] + (t.decks[side.player] ? " \u2014 " + t.decks[side.player] : ""));
  if (t.deciding === side.player) who.classList.add("deciding");
  if (t.turn_player === side.player) who.append(el("span", "turnmark", " (turn player)"));
  const info = el("div", "row info");
  info.append(who);
  const piles = el("div", "piles");
  piles.append(pile("Deck", side.deck_known, side.deck_size, "deck"),
    pile("Retreat", side.retreat, side.retreat.length, "retreat"),
    pile("Boundless", side.boundless, side.boundless.length, "boundless"));
  info.append(piles);
  const orbs = el("div", "zone orbs");
  orbs.append(el("span", "zone-label", `Orbs ${side.orbs.length}`));
  side.orbs.forEach(o => orbs.append(cardEl(o)));
  const bonds = el("div", "zone bonds");
  const up = side.bonds.filter(b => b.face_up);
  const syms = {};
  up.forEach(b => { const c = t.cards[b.code]; (c ? c.symbols : []).forEach(s => syms[s] = (syms[s] || 0) + 1); });
  const symText = Object.entries(syms).map(([s, n]) => `${s} ${n}`).join(", ");
  bonds.append(el("span", "zone-label", `Bonds ${side.bonds.length} (${up.length} face-up${symText ? ": " + symText : ""})`));
  side.bonds.forEach(b => bonds.append(cardEl(b)));
  const stuff = el("div", "row areas");
  stuff.append(bonds, orbs);
  const back = el("div", "line back-line");
  back.append(el("span", "line-label", "Back Line"));
  side.back.forEach(u => back.append(unitEl(u)));
  const front = el("div", "line front-line");
  front.append(el("span", "line-label", "Front Line"));
  side.front.forEach(u => front.append(unitEl(u)));
  back.dataset.line = "back"; back.dataset.owner = side.player;
  front.dataset.line = "front"; front.dataset.owner = side.player;
  const hand = el("div", "hand");
  hand.append(el("span", "zone-label", `Hand ${side.hand_size}`));
  side.hand.forEach(c => hand.append(cardEl(c)));
  if (mine) {
    const handRow = el("div", "row hand-row");
    handRow.append(hand);
    box.append(front, back, stuff, handRow, info);
  } else {
    info.replaceChildren(who, hand, piles);
    box.append(info, stuff, back, front);
  }
  return box;
}

// ------------------------------------------------------------------ rendering
function render(state) {
  S = state;
  const t = state.table;
  fillDecks(state.decks);
  $("#title").textContent = t ? t.title : "no game yet: start one";
  $("#download").hidden = !(t && t.recordable);
  $("#btn-concede").hidden = !(t && t.mode === "play" && !t.over);
  $("#board").hidden = !t;
  if (!t) return;
  // (for scripts and tests: where the game is, without reading the page's text)
  const d = document.body.dataset;
  d.mode = t.mode; d.decisions = t.decisions; d.over = t.over ? "1" : "0";
  d.waiting = t.mode === "play" && t.agent_to_move && !t.over ? "1" : "0";
  const me = $("#side-me"), opp = $("#side-opp");
  me.replaceChildren(sideEl(t.me, true));
  opp.replaceChildren(sideEl(t.opponent, false));
  renderBattle(t);
  renderDecision(t);
  renderReplay(t);
  const log = $("#log");
  log.textContent = t.log.join("\n");
  log.scrollTop = log.scrollHeight;
  showMessage(t.message, t.message.startsWith("refused"));
  markTargets(t);
}

function renderBattle(t) {
  const b = $("#battle");
  b.replaceChildren();
  const supports = [t.me, t.opponent].flatMap(s => s.support);
  if (t.battle) {
    const units = [t.me, t.opponent].flatMap(s => s.front.concat(s.back));
    const a = units.find(u => u.id === t.battle.attacker), d = units.find(u => u.id === t.battle.defender);
    b.append(el("div", "battle-now", `Battle: ${a ? a.name + " " + a.attack : "?"} attacks ${d ? d.name + " " + d.attack : "?"}`));
  }
  if (supports.length) {
    const row = el("div", "supports");
    row.append(el("span", "zone-label", "Support"));
    supports.forEach(c => row.append(cardEl(c)));
    b.append(row);
  }
  if (t.battle_lines.length) {
    const last = el("div", "battle-lines");
    last.append(el("div", "zone-label", t.battle ? "This battle" : "Last battle"));
    t.battle_lines.forEach(l => last.append(el("div", "battle-line", l)));
    b.append(last);
  }
}

function renderDecision(t) {
  const status = $("#status");
  if (t.over) {
    status.textContent = `Game over: ${t.winner === null ? "no winner" : "Player " + (t.winner + 1) + " wins"} (${t.reason}). Turn ${t.turn}, ${t.decisions} decisions.`;
    status.className = "over";
  } else {
    status.textContent = `Turn ${t.turn}, Player ${t.turn_player + 1}'s ${t.phase} phase` +
      (t.deciding !== null ? ` \u2014 Player ${t.deciding + 1} to decide` : "");
    status.className = "";
  }
  const opts = $("#options");
  opts.replaceChildren();
  $("#prompt").textContent = t.decision ? t.decision.prompt +
    (t.decision.maximum !== null && t.decision.maximum !== undefined ? ` (chosen ${t.decision.chosen || 0}, ${t.decision.minimum}-${t.decision.maximum})` : "")
    : (t.over ? "" : t.mode === "replay" ? (!t.replay.next ? "Replay: the end of the record." : t.replay.next.label === null
        ? `Replay: Player ${t.replay.next.player + 1} decides next.`
        : `Replay: next, Player ${t.replay.next.player + 1}: ${t.replay.next.label}`)
      : t.watching ? "You are watching: the agents play both sides." : "The opponent is deciding.");
  $("#follow").hidden = t.mode !== "play";
  if (!t.decision || t.watching) return;
  t.decision.options.forEach(o => {
    const li = el("li");
    const b = el("button", "opt kind-" + o.kind, o.label);
    b.id = "opt-" + o.index;
    b.dataset.index = o.index;
    if (t.mode === "replay" && t.replay.next && t.replay.next.option === o.index) b.classList.add("recorded");
    b.addEventListener("click", () => answer(o.index));
    b.addEventListener("mouseenter", () => highlight(o, true));
    b.addEventListener("mouseleave", () => highlight(o, false));
    li.append(b);
    opts.append(li);
  });
}

function renderReplay(t) {
  const bar = $("#replay-bar");
  bar.hidden = t.mode !== "replay";
  if (t.mode !== "replay") return;
  const r = t.replay;
  $("#r-pos").textContent = `decision ${r.position} / ${r.total}`;
  const sel = $("#r-turn");
  if (sel.options.length !== r.turns.length) {
    sel.replaceChildren(...r.turns.map(x => { const o = el("option", "", `turn ${x.turn}`); o.value = x.turn; return o; }));
  }
  sel.value = String(t.turn);
  $("#r-viewer").value = String(t.seat + 1);
}

// ------------------------------------------------------------------ clicks on the board
function optionsAbout(target) {
  // The pending options a board element stands for: its unit (acting or targeted) or its card.
  const t = S.table;
  if (!t.decision) return [];
  const unit = target.closest(".unit");
  const card = target.closest(".card");
  const uid = unit ? Number(unit.dataset.unit) : null;
  const place = card && !unit ? card.dataset.place : null;
  return t.decision.options.filter(o =>
    (uid !== null && (o.unit === uid || o.target === uid) && !(o.card !== null && o.place && o.place[1] === "hand")) ||
    (place !== null && o.place && o.place.join(":") === place));
}

function markTargets(t) {
  document.querySelectorAll(".actionable").forEach(e => e.classList.remove("actionable"));
  document.querySelectorAll(".selected").forEach(e => e.classList.remove("selected"));
  if (!t.decision || t.watching) return;
  document.querySelectorAll("#board .unit, #board .card").forEach(e => {
    if ((e.classList.contains("card") && e.closest(".unit"))) return;
    if (optionsAbout(e).length) e.classList.add("actionable");
  });
  if (selected !== null) {
    const u = document.querySelector(`.unit[data-unit="${selected}"]`);
    if (u) u.classList.add("selected"); else selected = null;
  }
}

function highlight(o, on) {
  const sel = [];
  if (o.unit !== null) sel.push(`.unit[data-unit="${o.unit}"]`);
  if (o.target !== null) sel.push(`.unit[data-unit="${o.target}"]`);
  if (o.place) sel.push(`.card[data-place="${o.place.join(":")}"]`);
  sel.forEach(s => document.querySelectorAll(s).forEach(e => e.classList.toggle("hl", on)));
}

function onBoardClick(ev) {
  hideMenu();
  const t = S && S.table;
  const target = ev.target.closest(".unit, .card, .line");
  if (!t || !target) { selected = null; return; }
  const card = ev.target.closest(".card");
  if (card && card.dataset.code) showCard(card.dataset.code);
  if (!t.decision) return;
  const unitEl = ev.target.closest(".unit");
  const uid = unitEl ? Number(unitEl.dataset.unit) : null;
  const mine = uid !== null && t.me.front.concat(t.me.back).some(u => u.id === uid);
  // Second click of a two-click action: a unit of yours picked, then an enemy or a line.
  if (selected !== null && uid !== selected && t.decision.kind === "action") {
    const chosen = selected;
    selected = null;
    if (uid !== null && !mine) { intent({kind: "attack", unit: chosen, target: uid}); return; }
    if (uid === null && target.classList.contains("line") && Number(target.dataset.owner) === t.seat) {
      intent({kind: "move", unit: chosen}); return;
    }
  }
  const opts = optionsAbout(target);
  if (opts.length === 1 && !(mine && t.decision.kind === "action")) { answer(opts[0].index); return; }
  if (opts.length) {
    if (mine) selected = uid;
    markTargets(t);
    showMenu(ev, opts);
    return;
  }
  // A click that the pending decision offers nothing for: what it would mean, asked of the engine.
  if (mine && t.decision.kind === "action") { selected = uid; markTargets(t); return; }
  const place = card ? card.dataset.place.split(":") : null;
  if (place && Number(place[0]) === t.seat && place[1] === "hand" && card.dataset.card) {
    const kind = {bond: "place_bond", deployment: "deploy"}[t.decision.kind];
    if (kind) { intent({kind: kind, card: Number(card.dataset.card), area: kind === "deploy" ? "front" : null}); return; }
  }
  if (uid !== null && !mine && t.decision.kind === "action") {
    showMessage("Pick one of your units first, then the enemy to attack.");
  }
}

function showMenu(ev, opts) {
  const m = $("#menu");
  m.replaceChildren(...opts.map(o => {
    const b = el("button", "menu-opt", o.label);
    b.dataset.index = o.index;
    b.addEventListener("click", (e) => { e.stopPropagation(); hideMenu(); answer(o.index); });
    return b;
  }));
  m.hidden = false;
  m.style.left = Math.min(ev.pageX + 8, window.innerWidth - 380) + "px";
  m.style.top = (ev.pageY + 8) + "px";
}
function hideMenu() { $("#menu").hidden = true; }

function answer(index) { selected = null; return api("/api/answer", {index: index}); }
function intent(fields) { selected = null; return api("/api/intent", fields); }

// ------------------------------------------------------------------ card text
function showCard(code) {
  const c = (S.table && S.table.cards[code]) || (S.workshopCards || {})[code];
  if (c) { $("#card-info").replaceChildren(cardText(c)); return; }
  fetch("/api/card/" + encodeURIComponent(code)).then(r => r.ok ? r.json() : null).then(j => {
    if (j) $("#card-info").replaceChildren(cardText(j));
  });
}

function cardText(c) {
  const box = el("div", "card-text " + (c.symbols.length ? "sym-" + c.symbols[0] : "sym-none"));
  box.append(el("h4", "", c.name), el("div", "code", c.code));
  const rng = c.ranges.length ? c.ranges.join("-") : "none";
  const types = [c.gender, c.weapon].concat(c.types).filter(Boolean).join(", ");
  box.append(el("div", "facts", `cost ${c.cost}${c.class_change_cost !== null ? " (class change " + c.class_change_cost + ")" : ""}` +
    ` \u00b7 ${c.symbols.join("/") || "no symbol"} \u00b7 ${c["class"] || ""}`));
  box.append(el("div", "facts", `attack ${c.attack} \u00b7 support ${c.support === null ? "X" : c.support} \u00b7 range ${rng}${types ? " \u00b7 " + types : ""}`));
  c.skills.forEach(s => box.append(el("p", "skill" + (s.support ? " support" : ""), s.text)));
  return box;
}

function showList(label, cards) {
  const box = el("div", "card-list");
  box.append(el("h4", "", `${label}: ${cards.length} card${cards.length === 1 ? "" : "s"}`));
  const ol = el("ol");
  cards.forEach(c => {
    const li = el("li", "", c.name || "a face-down card");
    if (c.code) { li.classList.add("link"); li.addEventListener("click", () => showCard(c.code)); }
    ol.append(li);
  });
  box.append(ol);
  $("#card-info").replaceChildren(box);
}

// ------------------------------------------------------------------ panels and forms
function fillDecks(decks) {
  for (const id of ["#deck1", "#deck2"]) {
    const s = $(id);
    if (s.options.length === decks.length) continue;
    s.replaceChildren(...decks.map(d => { const o = el("option", "", d); o.value = d; return o; }));
  }
  if ($("#deck2").value === $("#deck1").value && decks.length > 1) $("#deck2").value = decks[1];
}

function togglePanel(id) {
  document.querySelectorAll(".panel").forEach(p => { p.hidden = p.id !== id ? true : !p.hidden; });
}

function readFile(input) {
  return new Promise((ok) => {
    const f = input.files[0];
    if (!f) return ok(null);
    const r = new FileReader();
    r.onload = () => ok({name: f.name, text: r.result});
    r.readAsText(f);
  });
}

function renderWorkshop(w) {
  const errs = $("#pack-errors");
  errs.replaceChildren(...w.errors.map(d => {
    const li = el("li", "error");
    li.append(el("span", "where", `${w.filename}:${d.line}:${d.column}`), document.createTextNode(" " + d.message));
    if (d.source) li.append(el("pre", "", d.source + "\n" + " ".repeat(Math.max(0, d.column - 1)) + "^"));
    li.addEventListener("click", () => goToLine($("#pack-text"), d.line));
    return li;
  }));
  S.workshopCards = {};
  w.cards.forEach(c => S.workshopCards[c.code] = c);
  $("#pack-cards").replaceChildren(...w.cards.map(cardText));
  if (!w.errors.length && w.cards.length) showMessage(`${w.filename}: ${w.cards.length} card${w.cards.length === 1 ? "" : "s"} loaded`);
}

function goToLine(area, line) {
  const lines = area.value.split("\n");
  const start = lines.slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || "").length);
}

function setup() {
  document.querySelectorAll("nav button[data-panel]").forEach(b => b.addEventListener("click", () => togglePanel(b.dataset.panel)));
  $("#board").addEventListener("click", onBoardClick);
  $("#board").addEventListener("mouseover", (ev) => {
    const c = ev.target.closest(".card");
    if (c && c.dataset.code) showCard(c.dataset.code);
  });
  document.addEventListener("click", (ev) => { if (!ev.target.closest("#menu, #board")) hideMenu(); });
  $("#form-new").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    const body = {deck1: f.get("deck1"), deck2: f.get("deck2"), seat: Number(f.get("seat")),
      opponent: f.get("opponent"), me: f.get("me"), first: f.get("first"), seed: f.get("seed") || null,
      run: $("#follow-mode").value === "instant"};
    if (f.get("use_workshop_deck")) body.deck1_text = $("#deck-text").value;
    // The seat's deck is "your deck": player 2's when you sit there.
    if (body.seat === 2) {
      [body.deck1, body.deck2] = [body.deck2, body.deck1];
      if (body.deck1_text) { body.deck2_text = body.deck1_text; delete body.deck1_text; }
    }
    api("/api/new", body).then(j => { if (j) togglePanel(null); });
  });
  $("#btn-concede").addEventListener("click", () => {
    if (confirm("Concede this game?")) api("/api/concede", {});
  });
  $("#step").addEventListener("click", () => api("/api/step", {}));
  $("#follow-mode").addEventListener("change", scheduleStep);
  $("#record-file").addEventListener("change", async () => {
    const f = await readFile($("#record-file"));
    if (f) api("/api/replay/open", {text: f.text, filename: f.name}).then(j => { if (j) togglePanel(null); });
  });
  $("#replay-this").addEventListener("click", () => api("/api/replay/this", {}).then(j => { if (j) togglePanel(null); }));
  const pos = () => S.table.replay.position;
  $("#r-first").addEventListener("click", () => api("/api/replay/goto", {position: 0}));
  $("#r-back").addEventListener("click", () => api("/api/replay/goto", {position: Math.max(0, pos() - 1)}));
  $("#r-forward").addEventListener("click", () => api("/api/replay/goto", {position: Math.min(S.table.replay.total, pos() + 1)}));
  $("#r-last").addEventListener("click", () => api("/api/replay/goto", {position: S.table.replay.total}));
  $("#r-turn").addEventListener("change", () => api("/api/replay/goto", {turn: Number($("#r-turn").value)}));
  $("#r-viewer").addEventListener("change", () => api("/api/replay/viewer", {viewer: Number($("#r-viewer").value)}));
  $("#r-continue").addEventListener("click", () => api("/api/replay/continue",
    {seat: Number($("#c-seat").value), me: $("#c-me").value, opponent: $("#c-opponent").value}));
  $("#pack-file").addEventListener("change", async () => {
    const f = await readFile($("#pack-file"));
    if (f) { $("#pack-text").value = f.text; $("#pack-text").dataset.filename = f.name; }
  });
  $("#pack-load").addEventListener("click", () => api("/api/workshop/pack",
    {text: $("#pack-text").value, filename: $("#pack-text").dataset.filename || "pack.fe0"})
    .then(j => { if (j) renderWorkshop(j.workshop); }));
  $("#deck-start").addEventListener("click", () => {
    $("#use-workshop-deck").checked = true;
    $("#form-new").requestSubmit();
  });
  $("#scenario-start").addEventListener("click", () => api("/api/scenario",
    {text: $("#scenario-text").value, seat: 1, opponent: $("#opponent").value})
    .then(j => { if (j) togglePanel(null); }));
  document.addEventListener("keydown", (ev) => {
    if (!S || !S.table || S.table.mode !== "replay" || ev.target.closest("input, textarea, select")) return;
    if (ev.key === "ArrowRight") $("#r-forward").click();
    if (ev.key === "ArrowLeft") $("#r-back").click();
  });
  api("/api/state").then(j => {
    if (j && !j.state.table) togglePanel("panel-new");
    if (j) api("/api/workshop").then(w => { if (w && w.workshop.filename) renderWorkshop(w.workshop); });
  });
  connect();
}

document.addEventListener("DOMContentLoaded", setup);
