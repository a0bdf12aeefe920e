// The lobby's live dashboard: /ws/lobby re-sends the dashboard whenever one of your games changes.
// The tab title carries the number of games where it is your move; notices arrive as they are
// posted, and as browser notifications when the player turned those on.
import { csrfToken } from "./api.js";
import { notifyBrowser, showCount } from "./notices.js";

const root = document.getElementById("dashboard");
let retry = 0;

function fillCsrf(container) {
  // Sections rendered for the socket carry no token; forms take the page's.
  container.querySelectorAll('input[name="csrf_token"]').forEach((input) => {
    // As an attribute, so that an unchanged dashboard serializes as the one on the page.
    if (!input.getAttribute("value")) input.setAttribute("value", csrfToken());
  });
}

function showNotice(notice) {
  const list = document.getElementById("notice-feed");
  if (list) {
    const item = document.createElement("li");
    item.className = `notice-item kind-${notice.kind}`;
    const link = document.createElement("a");
    link.href = notice.path || "#";
    link.textContent = notice.text;
    item.append(link);
    list.prepend(item);
    while (list.children.length > 20) list.lastElementChild.remove();
    document.getElementById("notice-empty")?.remove();
  }
  notifyBrowser(notice);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/lobby`);
  root.dataset.live = "connecting";
  socket.addEventListener("open", () => {
    retry = 0;
    root.dataset.live = "live";
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "dashboard") {
      const holder = document.createElement("div");
      holder.innerHTML = message.html;
      fillCsrf(holder);
      // The first push on connecting usually repeats the page: swapping in an identical copy
      // would drop a click or a half-typed entry made in that instant.
      if (holder.innerHTML !== root.innerHTML) root.replaceChildren(...holder.childNodes);
      root.dataset.updates = String(Number(root.dataset.updates || 0) + 1);
      showCount(message.count);
    } else if (message.type === "notice") {
      showNotice(message.notice);
    }
  });
  socket.addEventListener("close", (event) => {
    root.dataset.live = "offline";
    if ([4401, 4403].includes(event.code)) return;
    setTimeout(connect, Math.min(500 * 2 ** retry++, 15000));
  });
}

if (root) {
  connect();
}
