// Lobby: fold the option checkboxes and the advanced JSON field into the form's `options` field.
const form = document.getElementById("create-game");
if (form) {
  form.addEventListener("submit", (event) => {
    let options = {};
    const raw = document.getElementById("options-raw");
    if (raw && raw.value.trim()) {
      try {
        options = JSON.parse(raw.value);
      } catch {
        event.preventDefault();
        alert("The advanced options are not valid JSON.");
        return;
      }
    }
    for (const box of form.querySelectorAll("[data-option]")) {
      if (box.type === "checkbox" && box.checked) options[box.dataset.option] = true;
      else if (box.tagName === "SELECT" && box.value !== "") options[box.dataset.option] = JSON.parse(box.value);
    }
    const bidSide = document.getElementById("bid-side")?.value;
    if (bidSide) options.bid = { side: bidSide, rp: Number(document.getElementById("bid-rp").value || 0) };
    document.getElementById("options-json").value = JSON.stringify(options);
  });
}
