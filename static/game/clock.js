// Time control on the game page: both sides' clocks (live: ticking; correspondence: time to the
// deadline), a paused banner, vacations, and — when the opponent is out of time — the choice to
// claim the win or to give more time. The numbers come with every view (game.meta.clock).
import { api } from "../api.js";
import { game } from "./store.js";

const SIDES = ["axis", "soviet"];
let box = null;
let state = null; // {meta, receivedAt}
let ticker = null;

function mount() {
  box = document.createElement("section");
  box.id = "clock-box";
  box.className = "clock-box";
  box.setAttribute("aria-label", "Clocks");
  const bar = game.root.querySelector(".status-bar") || game.root;
  bar.append(box);
}

export function formatSeconds(seconds, live) {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.floor(seconds));
  if (live) {
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = String(s % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
  }
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return d ? `${d}d ${h}h` : h ? `${h}h ${m}m` : `${m}m`;
}

function describe(tc) {
  if (!tc || tc.kind === "none") return "no clock";
  if (tc.kind === "live") return `live ${tc.minutes} min${tc.increment ? ` + ${tc.increment} s` : ""}`;
  return `${tc.days} day${tc.days === 1 ? "" : "s"} a move`;
}

function leftNow(clock, side) {
  const base = clock.remaining?.[side];
  if (base === null || base === undefined) return null;
  if (!clock.running.includes(side)) return base;
  return base - (Date.now() - state.receivedAt) / 1000;
}

function sideText(meta, clock, side) {
  const live = meta.time_control.kind === "live";
  const left = clock ? leftNow(clock, side) : null;
  const running = Boolean(clock?.running.includes(side));
  const out = Boolean(clock && (clock.timed_out.includes(side) || (running && left !== null && left <= 0)));
  const text = out ? "out of time" : live || running ? formatSeconds(left, live) : meta.status === "active" ? "waiting" : "";
  return { left, running, out, text };
}

function render() {
  if (!state) return;
  const meta = state.meta;
  const tc = meta.time_control;
  const clock = meta.clock;
  box.hidden = !tc || tc.kind === "none";
  if (box.hidden) return;
  const live = tc.kind === "live";
  const sides = Object.fromEntries(SIDES.map((side) => [side, sideText(meta, clock, side)]));
  const mine = game.seat;
  const opponent = mine === "axis" ? "soviet" : "axis";
  const opponentOut = Boolean(mine && meta.status === "active" && clock && !clock.paused && !meta.analysis &&
    sides[opponent].out);
  // Rebuild the markup only when its shape changes; the times are updated in place every second.
  const shape = JSON.stringify([describe(tc), SIDES.map((s) => [sides[s].running, sides[s].out,
    clock?.on_vacation?.[s]]), clock?.paused, clock?.paused_reason, opponentOut]);
  if (box.dataset.shape !== shape) {
    box.dataset.shape = shape;
    const parts = [`<span class="tc">${describe(tc)}</span>`];
    for (const side of SIDES) {
      const { running, out } = sides[side];
      const vacation = clock?.on_vacation?.[side] ? ' <span class="tag">on vacation</span>' : "";
      parts.push(`<span class="clock ${side}${running ? " running" : ""}${out ? " out" : ""}" data-side="${side}">` +
        `${side === "axis" ? "Axis" : "Soviet"} <b></b>${vacation}</span>`);
    }
    if (clock?.paused) {
      parts.push(`<span class="tag paused">clocks paused${clock.paused_reason ? `: ${escape(clock.paused_reason)}` : ""}</span>`);
    }
    if (opponentOut) {
      const choices = live ? [[5, "5 min"], [15, "15 min"], [60, "1 hour"]]
        : [[1440, "1 day"], [4320, "3 days"], [10080, "7 days"]];
      parts.push(`<span class="timeout-choice" id="timeout-choice">${opponent === "axis" ? "Axis" : "Soviet"} is out of
        time: <button type="button" id="claim-win">Claim the win</button> or give
        ${choices.map(([m, label]) => `<button type="button" data-extend="${m}">${label}</button>`).join(" ")}</span>`);
    }
    box.innerHTML = parts.join(" ");
    box.querySelector("#claim-win")?.addEventListener("click", claim);
    box.querySelectorAll("[data-extend]").forEach((b) => b.addEventListener("click", () => extend(Number(b.dataset.extend))));
  }
  for (const side of SIDES) {
    const node = box.querySelector(`.clock[data-side="${side}"]`);
    node.dataset.seconds = sides[side].left === null ? "" : String(Math.floor(sides[side].left));
    node.querySelector("b").textContent = sides[side].text;
  }
}

function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

async function claim() {
  if (!confirm("Claim the win on time? The game ends.")) return;
  try {
    await api("POST", `/api/games/${game.id}/timeout/claim`);
    location.reload();
  } catch (error) {
    game.emit("error", error);
  }
}

async function extend(minutes) {
  try {
    await api("POST", `/api/games/${game.id}/timeout/extend`, { minutes });
  } catch (error) {
    game.emit("error", error);
  }
}

game.on("view", (message) => {
  if (!box) mount();
  state = { meta: message.game, receivedAt: Date.now() };
  render();
  clearInterval(ticker);
  if (message.game.clock?.running?.length) ticker = setInterval(render, 1000);
});
