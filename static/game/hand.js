// The hand as cards, and the cards on the table.
//
// Each card of the viewer's hand (`li[data-card="<id>"]`) shows its face (name, side and
// deck, printed OPS, RP values, star, kind, full text) and one button per way it may be
// played (`button[data-play="ops|rp|event|combat"]`, from the view's `plays`): a play the
// rules do not allow now is disabled and says why, with the rule. The OPS button says what
// the play would give now ("4 → 2 OPS: consecutive OPS count 2 (7.3.2)").
// Below the hand: each side's face-up combat cards, discards and removed cards, by name,
// with their text on hover (title) and on tap (the name opens it).
import { $, cap, game } from "./store.js";
import { el } from "../api.js";
import { board } from "./map.js";
import { describeAction } from "./labels.js";

// The hand offers these plays itself; the prompt bar leaves them out.
game.claim?.("play_card", "combat_card", "discard", "zero_ops");

const PLAY_NAMES = { ops: "OPS", rp: "RP", event: "Event", combat: "Combat card" };
const KIND_NAMES = { event: "Event", combat: "Combat card", reinforcement: "Reinforcements" };
const DECK_NAMES = { blitzkrieg: "Blitzkrieg", total_war: "Total War" };
const ROLE_NAMES = { attacker: "when attacking", defender: "when defending", either: "attacking or defending" };

// The printed face of any card: from the hand (the view) or the board data (public).
function face(id) {
  return board.data?.cards?.[id] || null;
}

function cardName(id) {
  const f = face(id);
  return f ? f.name : id;
}

function rpText(rp) {
  const parts = Object.entries(rp || {}).map(([kind, n]) => `${kind} ${n}`);
  return parts.length ? parts.join(" · ") : "none";
}

function deckText(card) {
  return `${cap(card.side || (card.id?.startsWith("A") ? "axis" : "soviet"))} · ${DECK_NAMES[card.deck] || card.deck}`;
}

// Legal actions naming a card that its `plays` do not cover: discards in the draw phase
// (7.6.2), and a 0-OPS round's discard-and-draw (7.2.6).
function extraActions(cardId) {
  return game.actions.filter((a) => (a.type === "discard" && a.card === cardId)
    || (a.type === "zero_ops" && a.option === "pass" && a.discard === cardId));
}

function extraLabel(a) {
  if (a.type === "discard") return "Discard";
  if (a.type === "zero_ops") return "0 OPS: discard & draw";
  return describeAction(a);
}

// The reason every card of the hand shares (not your action round ...), said once for the hand.
function sharedReason(hand) {
  if (!hand.length) return null;
  const first = hand[0].plays.find((p) => p.as === "ops");
  if (!first || first.allowed || !first.reason) return null;
  return hand.every((c) => c.plays.some((p) => p.as === "ops" && !p.allowed && p.reason === first.reason)) ? first.reason : null;
}

function playButton(card, play) {
  const label = play.as === "ops" && play.allowed && play.ops !== undefined
    ? `OPS: ${play.ops}` : PLAY_NAMES[play.as] || cap(play.as);
  const title = play.allowed
    ? (play.as === "ops" && play.why ? `Play ${card.name} for ${play.why}` : `Play ${card.name}: ${PLAY_NAMES[play.as] || play.as}`)
    : play.reason || "Not allowed now";
  return el("button", {
    type: "button",
    class: `card-play play-${play.as}`,
    disabled: !play.allowed || game.pending || game.replaying !== null,
    title,
    "aria-label": play.allowed ? title : `${PLAY_NAMES[play.as] || play.as} (not allowed: ${play.reason || "not now"})`,
    dataset: { play: play.as },
    onclick: () => play.action && game.submit(play.action),
  }, label);
}

function reasons(card, shared) {
  // the same reason for every play (not your round) is said once
  const refused = card.plays.filter((p) => !p.allowed && p.reason && p.reason !== shared);
  if (!refused.length) return null;
  const distinct = new Set(refused.map((p) => p.reason));
  if (distinct.size === 1 && refused.length === card.plays.length && !shared) {
    return el("p", { class: "card-reason" }, refused[0].reason);
  }
  return el("ul", { class: "card-reasons" },
    ...refused.map((p) => el("li", { dataset: { reasonFor: p.as } }, el("b", {}, `${PLAY_NAMES[p.as] || p.as}: `), p.reason)));
}

function opsLine(card) {
  const ops = card.plays.find((p) => p.as === "ops");
  if (!ops || ops.ops === undefined) return null;
  const changed = ops.ops !== (ops.printed ?? card.ops);
  return el("p", { class: `card-ops-now${changed ? " changed" : ""}${ops.allowed ? " now" : ""}`, dataset: { opsNow: String(ops.ops) } },
    changed ? (ops.why || `${card.ops} → ${ops.ops} OPS`) : `${ops.ops} OPS if played now`);
}

function handCard(card, shared) {
  const kind = KIND_NAMES[card.kind] || cap(card.kind);
  const role = card.kind === "combat" && face(card.id)?.combat_role ? `, ${ROLE_NAMES[face(card.id).combat_role]}` : "";
  const extra = extraActions(card.id).map((a) => el("button", {
    type: "button", class: "card-play play-discard", disabled: game.pending, dataset: { play: a.type },
    title: describeAction(a), onclick: () => game.submit(a),
  }, extraLabel(a)));
  const playable = game.replaying === null && (card.plays.some((p) => p.allowed) || extra.length);
  return el("li", {
    class: `game-card side-${card.id.startsWith("A") ? "axis" : "soviet"} kind-${card.kind}${playable ? " playable" : ""}`,
    dataset: { card: card.id },
    "aria-label": `${card.name} (${card.id}), ${card.ops} OPS, ${kind}${card.starred ? ", starred" : ""}`,
  },
  el("header", { class: "card-head" },
    el("span", { class: "card-ops", title: "Printed OPS" }, String(card.ops)),
    el("span", { class: "card-title" }, el("b", { class: "card-name", title: card.text }, card.name),
      card.starred ? el("span", { class: "star", title: "Starred: removed from the game after its event (2.3.3); counts toward Total War (7.6.4)" }, " ★") : null,
      el("small", { class: "card-meta" }, `${card.id} · ${deckText(card)} · ${kind}${role}`))),
  el("p", { class: "card-rp" }, el("span", { class: "muted" }, "RP "), rpText(card.rp)),
  opsLine(card),
  el("p", { class: "card-text" }, card.text),
  el("div", { class: "card-plays" }, ...card.plays.map((p) => playButton(card, p)), ...extra),
  reasons(card, shared));
}

// A card by name whose text shows on hover (title) and on tap (it opens).
function chip(id, extra) {
  const f = face(id);
  const text = f ? f.text : "";
  return el("details", { class: `card-chip side-${id.startsWith("A") ? "axis" : "soviet"}`, dataset: { cardRef: id } },
    el("summary", { title: text }, `${cardName(id)}${f?.starred ? " ★" : ""}`, extra ? el("span", { class: "muted" }, ` ${extra}`) : null),
    f ? el("div", { class: "chip-text" },
      el("small", { class: "muted" }, `${id} · ${f.ops} OPS · RP ${rpText(f.rp)} · ${KIND_NAMES[f.kind] || f.kind}`),
      el("p", {}, f.text)) : null);
}

function cardList(title, ids, key, actionsFor) {
  if (!ids?.length) return null;
  return el("div", { class: "card-list", dataset: { list: key } },
    el("h4", {}, `${title} (${ids.length})`),
    el("div", { class: "chips" }, ...ids.map((id) => {
      const node = chip(id);
      for (const a of actionsFor?.(id) || []) {
        node.append(el("button", { type: "button", class: "card-play play-combat", dataset: { play: "combat" },
          disabled: game.pending, onclick: () => game.submit(a) }, "Use in this combat"));
      }
      return node;
    })));
}

function tableCards() {
  const cards = game.view?.cards;
  if (!cards) return [];
  const out = [];
  for (const side of ["axis", "soviet"]) {
    const c = cards[side];
    if (!c) continue;
    const useFaceUp = (id) => side === game.seat ? game.actions.filter((a) => a.type === "combat_card" && a.card === id) : [];
    const lists = [
      cardList("Face up", c.face_up, "face_up", useFaceUp),
      cardList("Discards", c.discard, "discard"),
      cardList("Removed", c.removed, "removed"),
    ].filter(Boolean);
    out.push(el("section", { class: `table-side side-${side}`, dataset: { side } },
      el("h3", {}, `${cap(side)} `, el("small", { class: "muted" },
        `${c.hand_count} in hand · ${c.draw_count} to draw`)),
      ...(lists.length ? lists : [el("p", { class: "muted" }, "No cards face up, discarded or removed.")])));
  }
  // a past position of a game that has ended: both hands, as they were
  const hands = game.view?.hands;
  if (hands && typeof hands === "object") {
    for (const side of ["axis", "soviet"]) {
      const ids = (hands[side] || []).map((c) => (typeof c === "string" ? c : c.id));
      out.push(el("section", { class: `table-side side-${side}`, dataset: { hand: side } },
        el("h3", {}, `${cap(side)} hand (${ids.length})`),
        el("div", { class: "chips" }, ...ids.map((id) => chip(id)))));
    }
  }
  const intel = game.view?.intel;
  if (intel?.cards) {
    out.push(el("section", { class: "table-side intel" },
      el("h3", {}, `Seen in the enemy hand (${cardName(intel.card)}, turn ${intel.turn})`),
      el("div", { class: "chips" }, ...intel.cards.map((id) => chip(id)))));
  }
  return out;
}

// A 0-OPS round (7.2.6) without a discard: operate with banked OPS only, or pass.
function renderZeroOps() {
  const box = $("hand-zero-ops");
  const plain = game.actions.filter((a) => a.type === "zero_ops" && !(a.option === "pass" && a.discard));
  box.hidden = !plain.length;
  box.replaceChildren(...(plain.length ? [el("span", { class: "muted" }, "Or a 0-OPS round (7.2.6): ")] : []),
    ...plain.map((a) => el("button", {
      type: "button", class: "card-play play-zero", disabled: game.pending, title: describeAction(a),
      dataset: { play: `zero_ops-${a.option}` }, onclick: () => game.submit(a),
    }, a.option === "operate" ? "Move and fight with banked OPS only" : "Pass (resets the consecutive OPS count)")));
}

// The play for OPS is the card's main action: when it is my action round, say so in the tab.
function render() {
  const view = game.view;
  if (!view) return;
  const hand = Array.isArray(view.hand) ? view.hand : null;
  $("hand-cards").hidden = !hand;
  $("hand-title").textContent = hand ? "Your hand" : "Cards";
  if (!hand) {
    $("hand-count").textContent = "";
    $("hand-reason").hidden = true;
    $("hand-zero-ops").hidden = true;
  } else {
    $("hand-count").textContent = `(${hand.length})`;
    const shared = sharedReason(hand);
    $("hand-reason").textContent = shared || "";
    $("hand-reason").hidden = !shared;
    $("hand-cards").replaceChildren(...hand.map((card) => handCard(card, shared)));
    renderZeroOps();
    if (!hand.length) $("hand-cards").append(el("li", { class: "muted" }, "No cards in hand."));
  }
  $("table-cards").replaceChildren(...tableCards());
  const canPlay = game.replaying === null && Boolean(hand?.some((c) => c.plays.some((p) => p.allowed))
    || game.actions.some((a) => a.type === "discard" || a.type === "combat_card"));
  // nothing to play (a movement stage, the opponent's round): the cards shrink to their names and
  // OPS so that the map has the room; "Card texts" shows them whole
  $("hand").classList.toggle("compact", !canPlay && !textsWanted && wide.matches);
  $("hand-texts").hidden = canPlay || !hand?.length;
  $("hand-texts").setAttribute("aria-pressed", String(textsWanted));
  document.querySelector('#tabs [data-show="hand"]')?.classList.toggle("attention", canPlay);
  game.root.classList.toggle("hand-playable", canPlay);
}

game.on("view", render);
game.on("board-ready", render);
game.on("pending", () => {
  for (const b of document.querySelectorAll("#hand .card-play")) {
    if (game.pending) b.disabled = true;
  }
  if (!game.pending) render();
});

let textsWanted = false;
const wide = matchMedia("(min-width: 901px)"); // phones give the hand a tab of its own: always whole there
wide.addEventListener?.("change", render);
$("hand-texts")?.addEventListener("click", () => {
  textsWanted = !textsWanted;
  render();
});

// Hide or show the hand on a laptop (kept for the next visit).
const KEY = "sw-hand-folded";
const toggle = $("hand-toggle");
function setFolded(folded) {
  $("hand").classList.toggle("folded", folded);
  toggle.setAttribute("aria-expanded", String(!folded));
  toggle.textContent = folded ? "Show" : "Hide";
  try { localStorage.setItem(KEY, folded ? "1" : ""); } catch { /* private mode */ }
}
toggle?.addEventListener("click", () => setFolded(!$("hand").classList.contains("folded")));
try { if (toggle && localStorage.getItem(KEY)) setFolded(true); } catch { /* private mode */ }
