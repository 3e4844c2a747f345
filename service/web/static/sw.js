// shiplog's service worker: shows the Web Push messages of the server (service/push.py) — a turn,
// a take-back to answer, a game over — and opens the game's page when one is clicked.
"use strict";
self.addEventListener("push", event => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch (e) { message = { body: event.data && event.data.text() }; }
  event.waitUntil(self.registration.showNotification(message.title || "shiplog", {
    body: message.body || "", tag: message.tag || "shiplog", data: { url: message.url || "/" },
  }));
});
self.addEventListener("notificationclick", event => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url || "/";
  event.waitUntil(self.clients.matchAll({ type: "window" }).then(open => {
    const same = open.find(c => c.url === url);
    return same ? same.focus() : self.clients.openWindow(url);
  }));
});
