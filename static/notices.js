// Notices on every page of a signed-in player: the number of games where it is your move (tab
// title and the header badge) and browser notifications, over /ws/lobby. The lobby page's
// dashboard.js opens the full dashboard socket instead and uses these helpers.

const STORAGE_KEY = "sw-browser-notices";

export function browserState() {
  if (!("Notification" in window)) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission === "granted" && localStorage.getItem(STORAGE_KEY) === "on") return "on";
  return "off";
}

export async function enableBrowser() {
  if (!("Notification" in window)) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "granted") localStorage.setItem(STORAGE_KEY, "on");
  return browserState();
}

export function disableBrowser() {
  localStorage.removeItem(STORAGE_KEY);
  return browserState();
}

export function notifyBrowser(notice) {
  if (browserState() !== "on" || (document.visibilityState === "visible" && document.hasFocus())) return;
  const shown = new Notification("Stalin's War Online", { body: notice.text, tag: `sw-notice-${notice.id}` });
  shown.onclick = () => {
    window.focus();
    if (notice.path) location.href = notice.path;
    shown.close();
  };
}

const baseTitle = document.title.replace(/^\(\d+\)\s*/, "");

export function showCount(count) {
  document.title = count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
  document.querySelectorAll("[data-your-move-count]").forEach((node) => {
    node.textContent = String(count);
    node.closest("[data-your-move-link]")?.toggleAttribute("hidden", count === 0);
  });
}

// The account page's "browser notifications" control: says plainly when the browser cannot.
function settingsWidget() {
  const box = document.getElementById("browser-notices");
  if (!box) return;
  const status = box.querySelector("[data-status]");
  const on = box.querySelector("[data-enable]");
  const off = box.querySelector("[data-disable]");
  const render = (state) => {
    box.dataset.state = state;
    status.textContent = {
      unsupported: "This browser cannot show notifications.",
      denied: "Notifications are blocked for this site: allow them in your browser's site settings, then reload.",
      on: "On: this browser shows a notification when it becomes your move (while this site is open in a tab).",
      off: "Off.",
    }[state];
    on.hidden = state !== "off";
    off.hidden = state !== "on";
  };
  on.addEventListener("click", async () => render(await enableBrowser()));
  off.addEventListener("click", () => render(disableBrowser()));
  render(browserState());
}

function connectCounts() {
  let retry = 0;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws/lobby?mode=count`);
    socket.addEventListener("open", () => (retry = 0));
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "dashboard") showCount(message.count);
      else if (message.type === "notice") notifyBrowser(message.notice);
    });
    socket.addEventListener("close", (event) => {
      if ([4401, 4403].includes(event.code)) return;
      setTimeout(open, Math.min(1000 * 2 ** retry++, 30000));
    });
  };
  open();
}

settingsWidget();
if (document.body.dataset.signedIn && !document.getElementById("dashboard")) connectCounts();
