// The game log: entries arrive with each view; private ones (to one side) are set apart.
// Each entry's number is a button that shows the board at that moment (history.js); the
// entries of an action taken back are struck through, and the undo says so.
import { $, game } from "./store.js";
import { el } from "../api.js";

game.on("view", ({ first, log }) => {
  if (first && log?.length && log[0].id) $("log").replaceChildren();
});

function markUndone(seq) {
  for (const li of $("log").querySelectorAll(`li[data-seq="${seq}"]:not([data-kind="undo"])`)) {
    if (li.classList.contains("undone")) continue;
    li.classList.add("undone");
    li.append(el("span", { class: "undone-tag" }, " taken back"));
  }
}

game.on("log", (entry) => {
  const list = $("log");
  if (list.querySelector(`[data-id="${entry.id}"]`)) return;
  const kind = entry.entry?.kind ?? "";
  const li = el("li", {
    dataset: { id: String(entry.id), seq: String(entry.seq), kind },
    class: [entry.to ? "private" : "", kind === "undo" ? "undo" : ""].filter(Boolean).join(" "),
  },
  el("button", {
    type: "button", class: "seq log-seq", title: `Show the board after #${entry.seq}`,
    "aria-label": `Show the board after action ${entry.seq}`, onclick: () => game.emit("history", entry.seq),
  }, `#${entry.seq}`), " ", el("span", { class: "log-text" }, entry.text));
  list.append(li);
  if (entry.undone) markUndone(entry.seq);
  if (kind === "undo" && entry.entry.undoes !== undefined) markUndone(entry.entry.undoes);
  list.scrollTop = list.scrollHeight;
});

// The position shown: its entries highlighted (and brought into view when stepping a replay).
function current(seq) {
  const list = $("log");
  for (const li of list.querySelectorAll("li.current")) li.classList.remove("current");
  if (seq === null) return;
  const hits = list.querySelectorAll(`li[data-seq="${seq}"]`);
  hits.forEach((li) => li.classList.add("current"));
  hits[hits.length - 1]?.scrollIntoView({ block: "nearest" });
}

game.on("view", ({ past, seq }) => current(past ? seq : null));

// Phones show the log in a tab of its own: opening it shows the newest entries.
game.on("tab", (name) => {
  if (name === "log" && game.replaying === null) $("log").lastElementChild?.scrollIntoView({ block: "end" });
});
