// The tracks of the game board, drawn above the map from each view: the Turn Record Track
// (with Rasputitsa and Winter), the VP track, this round's OPS, banked and Consecutive OPS,
// the RP tracks, the hands and piles, and the starred events toward Total War (7.6.4).
import { $, cap, game } from "./store.js";
import { board } from "./map.js";
import { el } from "../api.js";

const RP_NAMES = { GE: "German", PZ: "Panzer", AX: "Axis allies", SU: "Soviet" };

function render() {
  if (!board.ready || !game.view) return;
  const v = game.view;
  const parts = [turnTrack(v), vpTrack(v), opsBox(v), rpBox(v), cardsBox(v)];
  $("tracks").replaceChildren(...parts.filter(Boolean));
}

function turnTrack(v) {
  const waiting = v.boxes?.track || {};
  const cells = board.data.turns.filter((t) => t.number <= (v.last_turn || 18)).map((t) => {
    const now = t.number === v.turn;
    const mud = t.rasputitsa_rounds.length ? `Rasputitsa: rounds ${t.rasputitsa_rounds.join(", ")} (15.1.1)` : "";
    const n = (waiting[String(t.number)] || []).length;
    return el("li", {
      class: `turn season-${t.season}${now ? " now" : ""}${t.rasputitsa_rounds.length ? " mud" : ""}${t.winter_1942 ? " winter42" : ""}`,
      dataset: { turn: String(t.number) },
      title: [`Turn ${t.number}: ${t.name}`, mud, t.winter_1942 ? "Winter 1942 (15.1.2)" : "", n ? `${n} unit(s) return` : ""].filter(Boolean).join(" · "),
    }, el("b", {}, String(t.number)), el("span", {}, t.name.replace(/ 19(\d\d)/, " '$1")),
    n ? el("i", { class: "returns" }, `+${n}`) : null);
  });
  return el("section", { class: "track turn-track", "aria-label": "Turn Record Track" },
    el("h3", {}, `Turn ${v.turn}: ${v.turn_name}${v.rasputitsa ? " · Rasputitsa" : ""}`), el("ol", {}, cells));
}

function vpTrack(v) {
  const vp = v.vp;
  const cells = [];
  for (let i = 0; i <= 20; i++) {
    cells.push(el("li", { class: `${i === vp ? "now" : ""}${i === 0 ? " soviet-wins" : ""}${i === 20 ? " axis-wins" : ""}`,
      title: i === 20 ? "Axis wins at 20 or more at the end of a turn (5.1.2)" : i === 0 ? "Soviets win at 0 or less (5.1.3)" : `VP ${i}` },
    String(i)));
  }
  return el("section", { class: "track vp-track", "aria-label": "Victory points", dataset: { vp: String(vp) } },
    el("h3", {}, `VP ${vp}`), el("ol", {}, cells));
}

function opsBox(v) {
  const rows = [];
  const d = v.decision || {};
  if (d.kind === "operations") rows.push(["This round", `${d.ops} OPS left${d.banked ? ` + ${d.banked} banked` : ""}`]);
  for (const side of ["axis", "soviet"]) {
    rows.push([cap(side), `banked ${v.banked?.[side] ?? 0} · consecutive ${v.consec?.[side] ?? 0}`]);
  }
  return el("section", { class: "track ops-box", "aria-label": "OPS" }, el("h3", {}, "OPS"),
    el("dl", {}, rows.flatMap(([k, val]) => [el("dt", {}, k), el("dd", {}, val)])));
}

function rpBox(v) {
  const rp = v.rp || {};
  return el("section", { class: "track rp-box", "aria-label": "Replacement points" }, el("h3", {}, "RP"),
    el("dl", {}, Object.entries(rp).flatMap(([k, val]) => [el("dt", { title: RP_NAMES[k] || k }, k), el("dd", {}, String(val))])));
}

function cardsBox(v) {
  const rows = [];
  for (const side of ["axis", "soviet"]) {
    const c = v.cards?.[side];
    if (!c) continue;
    rows.push(el("tr", { dataset: { side } }, el("th", {}, cap(side)),
      el("td", { title: "cards in hand / hand size" }, `${c.hand_count}/${v.hand_size?.[side] ?? c.hand_limit}`),
      el("td", { title: "draw pile" }, String(c.draw_count)),
      el("td", { title: "discard pile" }, String(c.discard.length)),
      el("td", { title: "starred events played (Total War from 6, 7.6.4)" }, `★${v.starred_events?.[side] ?? 0}`)));
  }
  return el("section", { class: "track cards-box", "aria-label": "Cards" }, el("h3", {}, "Cards"),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, "hand"), el("th", {}, "draw"),
      el("th", {}, "disc."), el("th", {}, "★"))), el("tbody", {}, rows)));
}

game.on("view", render);
game.on("board-ready", render);
