// History and replay (docs/server.md, "History"): the board at any past moment, from
// GET /api/games/{id}/history?seq=N — the view the viewer was entitled to then (after the
// end: everything, both hands). A log entry's number opens its moment; the replay bar steps,
// plays and slides through the game; "Back to live" returns to the game in one click (live
// views keep arriving meanwhile and the log stays live).
import { $, game } from "./store.js";
import { api } from "../api.js";
import { applyView } from "./connection.js";
import { bindKey } from "./keys.js";

const bar = $("replay-bar");
const slider = $("replay-slider");
const PLAY_EVERY_MS = 1100;
let playing = null;
let wanted = null;   // the seq last asked for (a slider drag asks many times: only the last counts)

function lastSeq() {
  return game.live?.seq ?? game.seq ?? 0;
}

function ended() {
  return ["finished", "aborted"].includes(game.live?.game?.status);
}

// Show the position after `seq` (clamped to the game); the live game if it is the last one and
// the game goes on.
export async function showPast(seq) {
  const last = lastSeq();
  seq = Math.max(0, Math.min(last, seq));
  if (seq === last && !ended() && !playing) return backToLive();
  wanted = seq;
  let data;
  try {
    data = await api("GET", `/api/games/${game.id}/history?seq=${seq}`);
  } catch (error) {
    stop();
    game.emit("error", error);
    return;
  }
  if (wanted !== seq || !game.live) return;
  game.replaying = seq;
  game.root.dataset.replay = String(seq);
  const live = game.live;
  const meta = { ...live.game, active_sides: [], undo: null };
  applyView({ ...live, seq: data.seq, view: data.view, game: meta, actions: [], action_groups: [], log: data.log,
    action: data.action }, { past: true });
  render(data);
}

export function backToLive() {
  stop();
  wanted = null;
  if (game.replaying === null) return;
  game.replaying = null;
  delete game.root.dataset.replay;
  if (game.live) applyView(game.live);
  render();
}

function step(by) {
  const from = game.replaying ?? lastSeq();
  showPast(from + by);
}

function play() {
  if (playing) return stop();
  if (game.replaying === null || game.replaying >= lastSeq()) showPast(0);
  playing = setInterval(() => {
    if ((game.replaying ?? lastSeq()) >= lastSeq()) return stop();
    step(1);
  }, PLAY_EVERY_MS);
  render();
}

function stop() {
  if (!playing) return;
  clearInterval(playing);
  playing = null;
  render();
}

function describe(data) {
  if (!data) return "";
  const texts = (data.log || []).filter((e) => !e.to || e.to === game.seat).map((e) => e.text);
  if (data.seq === 0) return "The start of the game.";
  const side = data.action?.side ? `${data.action.side[0].toUpperCase()}${data.action.side.slice(1)}` : "";
  const first = texts[0] || (data.action ? `${side}: ${String(data.action.type).replaceAll("_", " ")}` : "");
  return first + (texts.length > 1 ? ` (+${texts.length - 1} more)` : "") + (data.action?.undone_by ? " — later taken back" : "");
}

function render(data) {
  const replaying = game.replaying !== null;
  // the bar: always for a game that has ended; while a past moment is shown
  const show = replaying || (ended() && lastSeq() > 0);
  bar.hidden = !show;
  game.root.classList.toggle("replaying", replaying);
  const last = lastSeq();
  slider.max = String(last);
  slider.value = String(replaying ? game.replaying : last);
  slider.setAttribute("aria-valuetext", replaying ? `after action ${game.replaying} of ${last}` : `live, action ${last}`);
  $("replay-play").textContent = playing ? "❚❚" : "▶";
  $("replay-play").setAttribute("aria-label", playing ? "Pause the replay" : "Play the game from the start");
  $("replay-back").disabled = replaying ? game.replaying <= 0 : last <= 0;
  $("replay-next").disabled = !replaying || game.replaying >= last;
  $("replay-start").disabled = replaying && game.replaying === 0;
  $("replay-live").hidden = !replaying;
  const where = $("replay-where");
  if (replaying) {
    where.textContent = `#${game.replaying} of ${last}${data ? `: ${describe(data)}` : ""}`;
    $("replay-live").textContent = ended() ? "Back to the end" : "Back to live";
  } else where.textContent = ended() ? `Replay this game (${last} actions)` : "";
  const open = $("history-button");
  if (open) open.hidden = replaying || !game.live || lastSeq() === 0;
}

$("replay-start")?.addEventListener("click", () => showPast(0));
$("replay-back")?.addEventListener("click", () => step(-1));
$("replay-next")?.addEventListener("click", () => step(1));
$("replay-play")?.addEventListener("click", play);
$("replay-live")?.addEventListener("click", backToLive);
slider?.addEventListener("input", () => {
  const seq = Number(slider.value);
  stop();
  showPast(seq);
});
$("history-button")?.addEventListener("click", () => showPast(ended() ? 0 : lastSeq() - 1));

game.on("history", (seq) => {
  stop();
  showPast(seq);
});
game.on("view", ({ past }) => { if (!past) render(); });
game.on("live", () => render());

// Keys while a past moment is shown (the play keys are off then: nothing can be sent).
document.addEventListener("keydown", (event) => {
  if (game.replaying === null || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
  const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => showPast(0), Escape: backToLive };
  if (!keys[event.key]) return;
  event.preventDefault();
  keys[event.key]();
});
bindKey("H", "History: step back through the game (then ← → Home, Esc back to live)", () => {
  if (game.replaying === null) showPast(ended() ? 0 : lastSeq() - 1);
});
