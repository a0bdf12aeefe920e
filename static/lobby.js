// Lobby: fold each form's option checkboxes and advanced JSON field into its `options` field.
for (const form of document.querySelectorAll("form[data-options-form]")) {
  form.addEventListener("submit", (event) => {
    let options = {};
    const raw = form.querySelector("[data-options-raw]");
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
    if (form.querySelector("#bidding-on")?.checked && form.elements.side.value === "random") {
      event.preventDefault();
      alert("To bid for a side (21.0), choose the side you want.");
      return;
    }
    form.querySelector("input[name=options]").value = JSON.stringify(options);
  });
}
