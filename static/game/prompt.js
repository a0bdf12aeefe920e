// The prompt bar above the map: whose turn and what to do, in words; the stage's buttons;
// a hint for the step in hand and, when something cannot be done, why (with the rule).
import { $, cap, game } from "./store.js";
import { el } from "../api.js";

const PHASES = {
  free_pick: "Set-up", buy_card: "Set-up", action_round: "Action round", operations: "Operations",
  combat: "Combat", place_reinforcements: "Reinforcements", replacements: "Replacements",
  draw_discard: "Draw phase", end_turn: "End of turn", fix_stacking: "Stacking",
};
const STAGES = { move: "movement", mark: "combat markers", combat: "combat", exploit: "exploitation" };

// The engine's decision prompt: {"prompt": {side: text}}; spectators see every side's.
export function promptText(view, seat) {
  const prompt = view?.decision?.prompt ?? view?.prompt;
  if (!prompt) return "";
  if (typeof prompt === "string") return prompt;
  if (seat && prompt[seat]) return prompt[seat];
  if (seat) return "";
  return Object.entries(prompt).map(([side, text]) => `${cap(side)}: ${text}`).join(" · ");
}

// "Axis — Operations, movement", from the decision.
export function stageName(view) {
  const d = view?.decision;
  if (!d) return "";
  let name = PHASES[d.kind] || cap(String(d.kind).replaceAll("_", " "));
  if (d.kind === "operations" && STAGES[d.stage]) name += `, ${STAGES[d.stage]}`;
  if (d.kind === "combat" && d.combat?.phase) name += `, ${String(d.combat.phase).replaceAll("_", " ")}`;
  return name;
}

let buttons = [];
let hint = "";
let reason = "";

export const prompt = {
  // [{label, onClick, key?, kind?: "primary"|"mode"|"danger", pressed?, title?, disabled?, dataset?}]
  setButtons(list) {
    buttons = list;
    renderButtons();
  },
  hint(text) {
    hint = text || "";
    $("prompt-hint").textContent = hint;
    $("prompt-hint").hidden = !hint;
  },
  reason(text) {
    reason = text || "";
    $("prompt-reason").textContent = reason;
    $("prompt-reason").hidden = !reason;
  },
};

game.on("view", render);
game.on("error", (error) => {
  if (error.code === "illegal_action" || error.code === "not_your_turn") prompt.reason(error.message);
});

function render() {
  const meta = game.meta;
  const view = game.view;
  const who = meta?.active_sides?.map(cap).join(" & ");
  let text;
  if (game.replaying !== null) text = `Looking back: the position after #${game.seq}. Nothing can be played here — “Back to live” returns to the game.`;
  else if (!meta) text = "…";
  else if (meta.status === "open") text = "Waiting for an opponent to join.";
  else if (meta.status !== "active") {
    const r = meta.result;
    text = r ? `The game is over: ${r.winner ? `${cap(r.winner)} wins` : "no winner"}${r.reason ? ` — ${r.reason}` : ""}${r.rule ? ` (${r.rule})` : ""}.`
      : "The game is over.";
  }
  else if (game.myTurn()) text = `${cap(game.seat)} — ${stageName(view)}: ${promptText(view, game.seat)}`;
  else if (!game.seat) {
    // spectators read what the side to act is asked
    const asked = meta.active_sides.map((side) => view?.decision?.prompt?.[side]).filter(Boolean).join(" · ");
    text = `You are watching. ${who} — ${stageName(view)}${asked ? `: ${asked}` : ""}`;
  } else text = `Waiting for ${who} — ${stageName(view)}.`;
  $("prompt").textContent = text;
  $("prompt-bar").classList.toggle("my-turn", game.myTurn() && game.replaying === null);
  prompt.reason("");
}

function renderButtons() {
  const box = $("prompt-buttons");
  box.replaceChildren(...buttons.map((b) => el("button", {
    type: "button",
    class: `prompt-button ${b.kind || ""}`,
    disabled: b.disabled || game.pending,
    title: b.title || (b.key ? `Shortcut: ${b.key}` : undefined),
    "aria-pressed": b.pressed === undefined ? undefined : String(Boolean(b.pressed)),
    dataset: b.dataset || {},
    onclick: b.onClick,
  }, b.label, b.key ? el("kbd", {}, b.key) : null)));
}

game.on("pending", renderButtons);
