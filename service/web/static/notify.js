// Every page: times in the viewer's own time zone, and the player's alerts of their turn.
//
// A <time datetime="…"> shows the UTC time the server wrote; here it shows the viewer's local
// time instead (the UTC one stays as its tooltip), and a "time left" next to a deadline counts
// down. Alerts are asked for by the "Notify me of my turns" button, never on load: the browser's
// permission, then a notification whenever the tab's title says a new turn came ("(1) Your
// turn · …", kept current by live.js) while the tab is in the background, and a Web Push
// subscription (static/sw.js) so that a turn is heard with no page open.
(() => {
  "use strict";
  // The words in the page's language (base.html, #page-words: each unit's forms by CLDR plural
  // category), English without them.
  let given = {};
  try { given = JSON.parse(document.getElementById("page-words").textContent) || {}; } catch (e) { /* English */ }
  const WORDS = Object.assign({
    units: { day: { one: "{n} day", other: "{n} days" }, hour: { one: "{n} hour", other: "{n} hours" },
             minute: { one: "{n} minute", other: "{n} minutes" } },
    left: "{left} left", none: "no time", less: "less than a minute", notify: "Notify me of my turns",
    stop: "Stop notifying me", blocked: "Notifications are blocked in this browser", failed: "Push could not be set up here: {error}",
  }, given);
  const lang = document.documentElement.lang || undefined;
  const plural = new Intl.PluralRules(lang);
  const say = (text, values) => text.replace(/\{(\w+)\}/g, (m, name) => name in values ? values[name] : m);
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  function left(ms) {
    if (ms <= 0) return WORDS.none;
    const parts = [];
    let rest = Math.floor(ms / 60000);
    for (const [unit, size] of [["day", 1440], ["hour", 60], ["minute", 1]]) {
      const count = Math.floor(rest / size);
      rest -= count * size;
      if (count || parts.length) parts.push([count, unit]);
    }
    const forms = unit => WORDS.units[unit] || {};
    const shown = parts.slice(0, 2).filter(([count]) => count)
      .map(([count, unit]) => say(forms(unit)[plural.select(count)] || forms(unit).other || "{n}", { n: count }));
    return shown.join(" ") || WORDS.less;
  }
  function localTimes() {
    document.querySelectorAll("time[datetime]").forEach(t => {
      const when = new Date(t.getAttribute("datetime"));
      if (Number.isNaN(when.getTime())) return;
      if (!t.title) t.title = t.textContent;
      t.textContent = format.format(when);
    });
    document.querySelectorAll("[data-deadline]").forEach(span => {
      const when = new Date(span.dataset.deadline);
      if (!Number.isNaN(when.getTime())) span.textContent = say(WORDS.left, { left: left(when - Date.now()) });
    });
  }
  localTimes();
  setInterval(localTimes, 60000);

  const turns = title => Number((/^\((\d+)\) /.exec(title) || [0, 0])[1]);
  const wanted = () => window.Notification && Notification.permission === "granted" && localStorage.getItem("shiplog.notify") === "1";
  let before = turns(document.title);
  const live = document.getElementById("live");
  if (live) live.addEventListener("shiplog:swapped", () => {
    localTimes();
    const now = turns(document.title);
    if (now > before && document.hidden && wanted()) {
      const note = new Notification(document.title.replace(/ · shiplog$/, ""), { tag: "shiplog-turn", body: location.href });
      note.onclick = () => { window.focus(); note.close(); };
    }
    before = now;
  });

  const button = document.getElementById("notify-turns");
  if (!button || !window.Notification) return;
  const csrf = () => (document.querySelector("input[name=csrf_token]") || {}).value || "";
  const post = (url, body) => fetch(url, { method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() } });
  const label = () => {
    button.textContent = wanted() ? WORDS.stop : Notification.permission === "denied" ? WORDS.blocked : WORDS.notify;
  };
  const pushable = "serviceWorker" in navigator && "PushManager" in window;
  const key = text => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), c => c.charCodeAt(0));

  async function subscribe() {
    if (!pushable) return;
    const registration = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
    const server = await (await fetch(button.dataset.key)).text();
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key(server) });
    await post(button.dataset.subscribe, subscription.toJSON());
  }
  async function unsubscribe() {
    if (!pushable) return;
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = registration && await registration.pushManager.getSubscription();
    if (subscription) {
      await post(button.dataset.unsubscribe, { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
  }
  button.parentElement.hidden = false;
  label();
  button.addEventListener("click", async () => {
    try {
      if (wanted()) {
        localStorage.removeItem("shiplog.notify");
        await unsubscribe();
      } else if (await Notification.requestPermission() === "granted") {
        localStorage.setItem("shiplog.notify", "1");
        await subscribe();
      }
    } catch (error) {
      button.title = say(WORDS.failed, { error: String(error) });  // the notifications of open tabs still work
    }
    label();
  });
})();
