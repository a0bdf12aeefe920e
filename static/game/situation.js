// The situation panel: the game's state in sentences (the engine's `view.situation`): the
// turn and its weather, whose round and how many are left, VP and what wins, the VP hexes
// each side holds (a name lights its hex on the map), the automatic victories coming up
// (5.1.2–5.1.4), Total War, hands and oil, RP pools, banked OPS; and, when a player comes
// back to a game, what the opponent did since their last visit (visits.js).
import { $, cap, game } from "./store.js";
import { el } from "../api.js";
import { board, hexCenter } from "./map.js";
import { panzoom } from "./panzoom.js";
import { promptText } from "./prompt.js";

const SEASON = { june: "Summer (June)", summer: "Summer", fall: "Fall", winter: "Winter", spring: "Spring" };
const PHASE = { action: "action phase", setup: "set-up", draw: "draw phase", replacement: "replacement phase" };

function weather(view) {
  const turn = board.data?.turns?.find((t) => t.number === view.turn);
  const parts = [SEASON[view.season] || cap(view.season || "")];
  if (turn?.winter_1942) parts.push("Winter 1942 (15.2)");
  if (view.rasputitsa) parts.push("Rasputitsa this round (15.1)");
  else if (turn?.rasputitsa_rounds?.length) parts.push(`Rasputitsa in round${turn.rasputitsa_rounds.length > 1 ? "s" : ""} ${turn.rasputitsa_rounds.join(", ")} (15.1)`);
  return parts.filter(Boolean).join(" · ");
}

// A place's name as a button that lights its hex on the map.
function place(hex, name, holder) {
  return el("button", {
    type: "button", class: `place${holder ? ` held-${holder}` : ""}`, dataset: { placeHex: hex },
    title: `Show ${name} (${hex}) on the map`, onclick: () => spot(hex),
  }, name);
}

let spotTimer;
function spot(hex) {
  const poly = board.hexEls.get(hex);
  if (!poly) return;
  for (const old of board.svg.querySelectorAll(".spotlight")) old.classList.remove("spotlight");
  poly.classList.add("spotlight");
  panzoom.centerOn?.(...hexCenter(hex));
  game.emit("spot", hex);
  document.querySelector('#tabs [data-show="map"]')?.click?.();
  clearTimeout(spotTimer);
  spotTimer = setTimeout(() => poly.classList.remove("spotlight"), 4000);
}

function row(label, ...value) {
  return [el("dt", {}, label), el("dd", {}, ...value)];
}

function sideName(side) {
  return side === "axis" ? "Axis" : side === "soviet" ? "Soviet" : cap(side || "");
}

function resultText(result) {
  if (!result) return null;
  const who = result.winner ? `${sideName(result.winner)} wins` : "No winner";
  return `${who}: ${result.reason}${result.rule ? ` (${result.rule})` : ""}${result.turn ? `, turn ${result.turn}` : ""}.`;
}

function render() {
  const box = $("facts");
  const view = game.view;
  if (!box) return;
  box.replaceChildren();
  if (!view?.situation) {
    if (game.meta?.status === "open") box.append(el("p", { class: "muted" }, "The game starts when an opponent joins."));
    return;
  }
  const s = view.situation;
  const meta = game.meta || {};
  const out = [];

  const result = resultText(view.result || meta.result);
  if (result || ["finished", "aborted"].includes(meta.status)) {
    out.push(el("p", { class: "result", dataset: { fact: "result" } }, result || "The game is over."));
  }

  const dl = el("dl", { class: "facts-list" });
  dl.append(...row("Turn", `${view.turn} of ${view.last_turn}: ${view.turn_name}`, el("br"), el("span", { class: "muted" }, weather(view))));
  const r = s.rounds || {};
  const toAct = (r.to_act || []).map(sideName).join(" & ");
  const left = Object.entries(r.left || {}).map(([side, n]) => `${sideName(side)} ${n}`).join(", ");
  dl.append(...row("Round", r.text || "", r.phase === "action" && left ? el("span", { class: "muted" }, ` · rounds left: ${left}`) : null,
    el("br"), meta.status === "active" && toAct ? el("span", { dataset: { fact: "to-act" } }, `${toAct} to act${promptText(view, r.to_act?.[0]) ? `: ${promptText(view, r.to_act[0])}` : ""}`) : null));
  const v = s.victory || {};
  dl.append(...row("VP", el("span", { dataset: { fact: "vp" } }, v.text || String(view.vp)), vpBar(v)));
  out.push(dl);

  // VP hexes by holder
  const vpHexes = s.vp_hexes || [];
  if (vpHexes.length) {
    const bySide = { axis: [], soviet: [] };
    for (const h of vpHexes) (bySide[h.holder] ||= []).push(h);
    out.push(el("section", { class: "sit-block vp-hexes", "aria-label": "VP hexes" },
      el("h3", {}, "VP hexes"),
      ...["axis", "soviet"].map((side) => el("p", { class: `held side-${side}`, dataset: { holder: side } },
        el("b", {}, `${sideName(side)} ${bySide[side].length}: `),
        ...bySide[side].flatMap((h, i) => [i ? " " : "", place(h.hex, h.name, side)])))));
  }

  // automatic victories still possible, the nearest first
  const conds = [...(v.conditions || [])].sort((a, b) => (a.turn ?? 99) - (b.turn ?? 99));
  if (conds.length) {
    out.push(el("section", { class: "sit-block conditions", "aria-label": "Automatic victory" },
      el("h3", {}, "Automatic victory"),
      el("ul", {}, ...conds.map((c) => el("li", { class: `side-${c.side}${c.turn && c.turn === view.turn ? " this-turn" : ""}`, dataset: { rule: c.rule } },
        el("b", {}, `${cap(c.when)}: `), `${c.text} (${c.rule}). `, el("span", { class: "muted" }, c.status),
        c.places?.length ? el("span", { class: "places" }, " ", ...c.places.flatMap((p, i) => [i ? " " : "", place(p.hex, p.name)])) : null)))));
  }

  const tw = s.total_war || {};
  const hands = s.hands || {};
  const rp = s.rp || view.rp || {};
  const banked = s.banked || view.banked || {};
  const consec = s.consec || view.consec || {};
  const more = el("dl", { class: "facts-list" });
  more.append(...row("Total War", el("span", { dataset: { fact: "total-war" } }, tw.started ? `Total War has begun. ${tw.text || ""}` : tw.text || "")));
  for (const side of ["axis", "soviet"]) {
    if (hands[side]) more.append(...row(`${sideName(side)} hand`, hands[side].text));
  }
  more.append(...row("RP pools", `Axis: GE ${rp.GE ?? 0}, PZ ${rp.PZ ?? 0}, AX ${rp.AX ?? 0} · Soviet: SU ${rp.SU ?? 0}`));
  more.append(...row("Banked OPS", `Axis ${banked.axis ?? 0} · Soviet ${banked.soviet ?? 0}`));
  more.append(...row("Consecutive OPS", `Axis ${consec.axis ?? 0} · Soviet ${consec.soviet ?? 0} (7.3.2: each OPS play in a row gives less)`));
  out.push(el("section", { class: "sit-block" }, el("h3", {}, "Cards, RP and OPS"), more));
  box.append(...out);
}

function vpBar(v) {
  if (v.vp === undefined) return null;
  const lo = v.soviet_wins_at ?? 0;
  const hi = v.axis_wins_at ?? 20;
  const pct = Math.max(0, Math.min(100, ((v.vp - lo) / (hi - lo)) * 100));
  return el("div", { class: "vp-bar", role: "img", "aria-label": `VP ${v.vp}: Soviets win at ${lo}, Axis at ${hi}` },
    el("span", { class: "vp-end soviet" }, String(lo)),
    el("span", { class: "vp-gauge" }, el("span", { class: "vp-mark", style: `left: ${pct}%` })),
    el("span", { class: "vp-end axis" }, String(hi)));
}

game.on("view", render);
game.on("board-ready", render);
