// The game page, livelier: forms post without leaving the page, and the page's live part is
// fetched again whenever the game's event stream says something happened. Without JavaScript
// the forms post and the page reloads (and a <noscript> refresh keeps it current). The lobby
// and the home page use the same, with the player's inbox stream. The tab's title follows the
// page's ("(1) Your turn · …"). A stream the server refused (busy) or lost is opened again later,
// each time twice as late; the page is never reloaded, so nothing typed is lost.
(() => {
  "use strict";
  const root = document.getElementById("live");
  if (!root) return;
  const entropy = () => Array.from(crypto.getRandomValues(new Uint8Array(32)), b => b.toString(16).padStart(2, "0")).join("");
  const fillEntropy = () => document.querySelectorAll("input[data-entropy]").forEach(i => { if (!i.value) i.value = entropy(); });

  function swap(html, newer = false) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const fresh = doc.getElementById("live");
    if (!fresh) return false;
    // A refresh fetched before the player's own move may answer after it: never go back to an
    // older version (the stream's event for the newer one came while the page already showed it).
    // A refresh (`newer`: asked for because a newer version exists) that brings the version the
    // page already shows is not drawn again either: redrawn under the pointer between the press
    // and the release of a click, the board would lose the player's click.
    const age = Number(fresh.dataset.version) - Number(root.dataset.version);
    if (age < 0 || (newer && age === 0)) return true;
    const focused = document.activeElement && document.activeElement.closest("#live") ? document.activeElement.id : null;
    const opened = keepOpen(root);
    root.replaceChildren(...fresh.childNodes);
    opened(root);
    for (const key of ["version", "status"]) if (fresh.dataset[key] !== undefined) root.dataset[key] = fresh.dataset[key];
    if (doc.title) document.title = doc.title;
    fillEntropy();
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    root.dispatchEvent(new Event("shiplog:swapped"));  // board.js draws the board's choices again
    return true;
  }

  // What the player had opened (a <details>: resign, away, the list of moves) and ticked in it
  // stays so when the page's live part is drawn again for someone else's move or a chat line.
  function keepOpen(from) {
    const key = d => `${d.className}|${d.querySelector("summary") ? d.querySelector("summary").textContent.trim() : ""}`;
    const open = new Map();
    from.querySelectorAll("details[open]").forEach(d => {
      open.set(key(d), Array.from(d.querySelectorAll("input[type=checkbox]:checked, input[type=radio]:checked"), i => `${i.name}=${i.value}`));
    });
    return to => to.querySelectorAll("details").forEach(d => {
      const ticked = open.get(key(d));
      if (!ticked) return;
      d.open = true;
      d.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(i => { if (ticked.includes(`${i.name}=${i.value}`)) i.checked = true; });
    });
  }

  let busy = false, again = false;
  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" });
      if (response.ok) swap(await response.text(), true);
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }

  document.addEventListener("submit", async event => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-live")) return;
    // (form.action would be the form's input named "action": read the attribute)
    const target = form.getAttribute("action") || location.href;
    event.preventDefault();
    const buttons = form.querySelectorAll("button");
    buttons.forEach(b => { b.disabled = true; });
    try {
      const response = await fetch(target, { method: "POST", body: new FormData(form), headers: { Accept: "text/html" } });
      const html = await response.text();
      if (!swap(html)) { document.open(); document.write(html); document.close(); return; }
      if (form.hasAttribute("data-reset")) form.reset();
      history.replaceState(null, "", response.redirected ? response.url : location.href);
    } catch (error) {
      form.submit();  // the network failed: let the browser post it the plain way
    } finally {
      buttons.forEach(b => { b.disabled = false; });
    }
  });

  fillEntropy();
  if (!window.EventSource || !root.dataset.stream) return;
  const seen = event => {
    let version = Number(event.lastEventId);
    try {
      const data = JSON.parse(event.data);
      if (Number.isFinite(data.version)) version = Math.max(version, data.version);  // (an inbox's event has none)
    } catch (e) { /* a comment */ }
    if (version > Number(root.dataset.version)) refresh();
  };
  let delay = 5000;
  function connect() {
    const address = new URL(root.dataset.stream, location.href);
    address.searchParams.set("after", root.dataset.version);
    const stream = new EventSource(address);
    for (const type of (root.dataset.events || "").split(" ")) if (type) stream.addEventListener(type, seen);
    stream.addEventListener("hello", seen);
    stream.onopen = () => { delay = 5000; };
    stream.onerror = () => {
      if (stream.readyState !== EventSource.CLOSED) return;  // the browser tries again by itself
      // Refused (a 429: the server is busy) or gone for good: again later, never a reload.
      setTimeout(() => { refresh(); connect(); }, delay * (0.75 + Math.random() / 2));
      delay = Math.min(delay * 2, 300000);
    };
  }
  connect();
})();
