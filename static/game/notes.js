// A player's private notes on the game, and the resign confirmation.
import { $, game } from "./store.js";
import { api } from "../api.js";

const notes = $("notes");
if (notes) {
  api("GET", `/api/games/${game.id}/notes`).then((data) => (notes.value = data.text)).catch(() => {});
  $("notes-save").addEventListener("click", async () => {
    try {
      await api("PUT", `/api/games/${game.id}/notes`, { text: notes.value });
      $("notes-status").textContent = "Saved.";
    } catch (error) {
      game.emit("error", error);
    }
  });
}

$("resign-form")?.addEventListener("submit", (event) => {
  if (!confirm("Resign this game? Your opponent wins.")) event.preventDefault();
});
