// The board is the input (DESIGN.md; docs/web.md "The board is the input"), the same for every
// game. A game's board marks what an element stands for: data-action (a whole action, its JSON
// as the rules list it) or data-part (a part of one: further clicks fill in the rest). The page
// lists the viewer's legal actions (#legal-actions: each with its JSON, words and consequences)
// and the moves since the viewer's last turn (#recent-moves). This script
//  - lets the viewer click (and focus, Enter or Space) exactly the elements that lead to one of
//    their legal actions, and highlights them; nothing else is clickable;
//  - fills in a choice click by click: what is chosen stays chosen, a click adds the fields still
//    open; as soon as the choice fits legal actions of which one is extended by every other (the
//    one that says the least), that one is posted through the fallback list's own form (its
//    CSRF token and version; live.js sends it and swaps the page in);
//  - shows in a bar pinned under the board the choice so far with a Cancel button, and for the
//    element under the pointer, focused or long-pressed, what a click does (the action and its
//    consequences, or the choices it leads to) and its rules help (the element's title);
//  - lights up the elements that stand for the moves since the viewer's last turn;
//  - previews what the element under the pointer would cover: an element with data-preview (a
//    list of parts: the placements of a tile that cover a cell, the lines a cell lies on) lights
//    up while a click there leads to an action one of those parts fits, on a field it names;
//  - folds the fallback list away once every legal action can be reached on the board.
// An element inside [data-seat=n] is seat n's: only that seat clicks it, only its moves light it.
// A move the game allows out of turn (Felinia's sales) is clickable while another seat is to act,
// but only the seat's own turn (the turn panel's .mine) says "Your turn" and scrolls to the board.
// An element with data-control (a Pass button drawn on the board) shows only while clickable.
(() => {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;

  const canon = v => Array.isArray(v) ? v.map(canon) : v && typeof v === "object"
    ? Object.fromEntries(Object.keys(v).sort().map(k => [k, canon(v[k])])) : v;
  const text = v => JSON.stringify(canon(v));
  const fits = (action, part) => Object.keys(part).every(k => k in action && text(action[k]) === text(part[k]));
  const fill = (chosen, part) => Object.assign({}, part, chosen);
  const opens = (chosen, part) => Object.keys(part).some(k => !(k in chosen));
  const none = o => Object.keys(o).length === 0;
  const myTurn = () => Boolean(live.querySelector(".turn.mine"));
  const read = id => {
    try { return JSON.parse(document.getElementById(id).textContent) || []; } catch (e) { return []; }
  };

  // The bar's words in the page's language (game_live.html, #board-words), English without them.
  const WORDS = Object.assign({
    since: "Since your last turn: {text}", click: "Click: {label}. {hint}",
    among: "Click, then choose on the board among {n}: {labels}.", again: "Chosen: click again to cancel.",
    cancel: "Cancel", sending: "Sending your move…", chosen: "Chosen: {trail}. Now click one of the highlighted places.",
    turn: "Your turn: click a highlighted part of the board.",
  }, read("board-words"));
  const say_ = (key, values) => WORDS[key].replace(/\{(\w+)\}/g, (m, name) => name in (values || {}) ? values[name] : m);

  let board = null, bar = null, legal = [], recent = [], items = [], previews = [], revealedAt = null;
  let chosen = {}, trail = [], posting = false, wasTurn = false, keptOpen = false, pressed = null, longPress = false;

  function outcome(target) {
    const fitting = legal.filter(l => fits(l.action, target));
    if (!fitting.length) return null;
    return { fitting, least: fitting.find(l => fitting.every(o => fits(o.action, l.action))) || null };
  }

  function scan() {
    board = document.getElementById("board");
    bar = document.getElementById("board-bar");
    legal = read("legal-actions");
    recent = read("recent-moves");
    items = [];
    previews = [];
    if (!board) return;
    const viewer = board.dataset.viewer === "" ? null : Number(board.dataset.viewer);
    for (const el of board.querySelectorAll("[title]")) {  // rules help: in the bar, not a tooltip
      el.dataset.help = el.getAttribute("title");
      el.removeAttribute("title");
    }
    for (const el of board.querySelectorAll("[data-action], [data-part]")) {
      let part;
      try { part = JSON.parse(el.getAttribute("data-action") || el.getAttribute("data-part")); } catch (e) { continue; }
      if (!part || typeof part !== "object" || Array.isArray(part) || none(part)) continue;
      const home = el.closest("[data-seat]");
      const seat = home && board.contains(home) ? Number(home.dataset.seat) : null;
      const moves = recent.filter(m => (seat === null || seat === m.seat) && m.action && fits(m.action, part));
      if (moves.length) el.classList.add("recent", `recent-seat${moves[moves.length - 1].seat}`);
      items.push({ el, part, mine: seat === null || seat === viewer, result: null, chosen: false, role: el.getAttribute("role"),
                   recent: moves.map(m => m.text).join(" ") });
    }
    for (const el of board.querySelectorAll("[data-preview]")) {
      let parts;
      try { parts = JSON.parse(el.getAttribute("data-preview")); } catch (e) { continue; }
      if (Array.isArray(parts) && parts.length) previews.push({ el, parts });
    }
  }

  function preview(item) {  // what a click on `item` would cover (none: nothing lit)
    const fitting = item && item.result ? item.result.fitting.map(l => l.action) : [];
    for (const { el, parts } of previews) {
      el.classList.toggle("preview", fitting.length > 0 && parts.some(p =>
        Object.keys(p).some(k => k in item.part) && fitting.some(a => fits(a, p))));
    }
  }

  function render() {
    if (!board) return;
    const choosing = !none(chosen);
    for (const item of items) {
      const { el, part } = item;
      item.chosen = choosing && item.mine && !opens(chosen, part) && fits(chosen, part);
      item.result = !posting && item.mine && opens(chosen, part) ? outcome(fill(chosen, part)) : null;
      const active = Boolean(item.result) || item.chosen;
      el.classList.toggle("can", Boolean(item.result));
      el.classList.toggle("chosen", item.chosen);
      if (active) {
        el.tabIndex = 0;
        if (el.tagName !== "BUTTON") el.setAttribute("role", "button");
      } else if (el.tagName !== "BUTTON") {
        el.removeAttribute("tabindex");
        if (item.role) el.setAttribute("role", item.role); else el.removeAttribute("role");  // (the drawing's own, e.g. img)
      }
      if (el.hasAttribute("data-control")) el.hidden = !active;
    }
    board.classList.toggle("choosing", choosing);
    preview(null);
    say();
  }

  function nameOf(el) {
    return (el.getAttribute("aria-label") || el.textContent || el.dataset.help || "").replace(/\s+/g, " ").trim().slice(0, 60);
  }

  function hintOf(el) {
    const item = items.find(i => i.el === el);
    const said = [];
    const helped = el.closest("[data-help]");
    if (helped && board.contains(helped)) said.push(helped.dataset.help);
    if (!item) return said.join(" ");
    if (item.recent) said.push(say_("since", {text: item.recent}));
    if (item.result && item.result.least) said.push(say_("click", {label: item.result.least.label, hint: item.result.least.hint}));
    else if (item.result) {
      const labels = item.result.fitting.map(l => l.label);
      said.push(say_("among", {n: labels.length, labels: labels.slice(0, 4).join("; ") + (labels.length > 4 ? "; …" : "")}));
    } else if (item.chosen) said.push(say_("again"));
    return said.join(" ");
  }

  function say(hint) {  // the bar: the choice so far (and Cancel), then what the pointer is on
    if (!bar) return;
    if (!bar.firstChild) {
      bar.innerHTML = '<p class="board-now"></p><button type="button" class="secondary" data-cancel hidden></button><p class="board-hint"></p>';
      bar.children[1].textContent = say_("cancel");
    }
    const [now, cancelButton, line] = bar.children;
    const choosing = !none(chosen);
    const turn = items.some(i => i.result) && myTurn();
    now.textContent = posting ? say_("sending") : choosing
      ? say_("chosen", {trail: trail.join(" › ")}) : turn ? say_("turn") : "";
    cancelButton.hidden = !choosing || posting;
    if (hint !== undefined) line.textContent = hint;
    line.hidden = !line.textContent;
    bar.hidden = !(turn || choosing || posting || line.textContent);
  }

  function reveal() {  // a phone: bring a clickable element into view when none is (a drawn one before a button)
    const clickable = items.filter(i => i.result && i.el.getClientRects().length);
    const drawn = clickable.filter(i => !i.el.hasAttribute("data-control"));
    const shown = (drawn.length ? drawn : clickable).map(i => i.el);
    const room = window.innerHeight - (bar && !bar.hidden ? bar.offsetHeight : 0);
    if (shown.length && !shown.some(el => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < room; })) {
      shown[0].scrollIntoView({ block: "center" });
    }
  }

  function cancel() {
    chosen = {};
    trail = [];
    render();
  }

  function post(choice) {
    const input = Array.from(live.querySelectorAll("form input[name=action]")).find(i => i.value === choice.json);
    if (!input || !input.form) return;
    posting = true;
    chosen = {};
    trail = [];
    render();
    if (input.form.requestSubmit) input.form.requestSubmit(); else input.form.submit();
  }

  function activate(item) {
    if (item.chosen) { cancel(); return; }
    const target = fill(chosen, item.part);
    const result = outcome(target);
    if (!result) return;
    if (result.least) { post(result.least); return; }
    chosen = target;
    trail.push(nameOf(item.el));
    render();
    reveal();
  }

  function reachable() {  // every legal action a series of clicks posts, from nothing chosen
    const posted = new Set(), seen = new Set(), queue = [{}];
    while (queue.length && seen.size < 5000) {
      const so = queue.pop();
      for (const item of items) {
        if (!item.mine || !opens(so, item.part)) continue;
        const target = fill(so, item.part), result = outcome(target);
        if (!result) continue;
        if (result.least) posted.add(result.least.json);
        else if (!seen.has(text(target))) { seen.add(text(target)); queue.push(target); }
      }
    }
    return posted;
  }

  function init() {
    const before = chosen;
    posting = false;
    scan();
    chosen = {};
    if (!none(before) && outcome(before)) chosen = before; else trail = [];
    render();
    const list = live.querySelector("details.fallback");
    if (list && !keptOpen && legal.length && reachable().size === legal.length) list.open = false;
    const turn = items.some(i => i.result) && myTurn();
    // bring the decision into view when the turn comes, and after every move while it stays
    // (another decision of the same seat, maybe elsewhere on the board); never for a chat line
    if (turn && (!wasTurn || live.dataset.version !== revealedAt)) reveal();
    wasTurn = turn;
    revealedAt = live.dataset.version;
    live.dataset.board = live.dataset.version;  // (the board of this version is ready)
  }

  function itemAt(target) {  // the innermost clickable element at a point, else its help
    let el = target instanceof Element ? target.closest("[data-action], [data-part], [data-help]") : null;
    let help = null;
    while (el && board && board.contains(el)) {
      const item = items.find(i => i.el === el);
      if (item && (item.result || item.chosen)) return { item, el };
      if (!help && el.dataset.help) help = el;
      el = el.parentElement && el.parentElement.closest("[data-action], [data-part], [data-help]");
    }
    return { item: null, el: help };
  }

  document.addEventListener("click", event => {
    if (event.target instanceof Element && event.target.closest("details.fallback > summary")) {
      keptOpen = !event.target.closest("details").open;  // the player opened the list: leave it open
      return;
    }
    if (event.target instanceof Element && event.target.closest("#board-bar [data-cancel]")) { cancel(); return; }
    if (!board || !(event.target instanceof Element) || !board.contains(event.target)) return;
    if (longPress) { longPress = false; event.preventDefault(); return; }
    const { item, el } = itemAt(event.target);
    if (item) { event.preventDefault(); activate(item); } else if (el) say(hintOf(el));  // a tap on a component: its help
  });
  document.addEventListener("keydown", event => {
    if (event.key === "Escape" && !none(chosen)) { cancel(); return; }
    if (event.key !== "Enter" && event.key !== " ") return;
    const item = items.find(i => i.el === event.target && (i.result || i.chosen));
    if (item && item.el.tagName !== "BUTTON") { event.preventDefault(); activate(item); }
  });
  const hover = event => {
    if (!board || !(event.target instanceof Element) || event.target.closest("#board-bar")) return;
    if (!board.contains(event.target)) { preview(null); return; }
    const { item, el } = itemAt(event.target);
    say(el ? hintOf(el) : "");
    preview(item);
  };
  document.addEventListener("mouseover", hover);
  document.addEventListener("focusin", hover);
  document.addEventListener("touchstart", event => {  // a long press shows what a tap would do
    if (!board || !(event.target instanceof Element) || !board.contains(event.target)) return;
    clearTimeout(pressed);
    longPress = false;
    pressed = setTimeout(() => {
      const { item, el } = itemAt(event.target);
      if (el) { longPress = true; say(hintOf(el)); preview(item); }
    }, 450);
  }, { passive: true });
  for (const type of ["touchend", "touchmove", "touchcancel"]) document.addEventListener(type, () => clearTimeout(pressed), { passive: true });
  document.addEventListener("contextmenu", event => { if (longPress && board && board.contains(event.target)) event.preventDefault(); });
  live.addEventListener("shiplog:swapped", init);
  init();
})();
