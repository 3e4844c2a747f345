// The replay page, livelier: the slider and the step buttons fetch the position without a full
// reload; the arrow keys step when the slider is not focused; an analysis under way has its
// progress bar followed (GET /v1/games/{id}/analysis every 2 s) and is shown when done. Without
// JavaScript the step buttons are links, the slider's form has a Show button and the analysis a
// "Look again" link.
(() => {
  "use strict";
  const form = document.getElementById("stepper");
  if (!form) return;
  async function go(url, push = true) {
    const response = await fetch(url, { headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("replay");
    const old = document.getElementById("replay");
    const focused = document.activeElement ? document.activeElement.id || document.activeElement.dataset.step : null;
    old.replaceWith(fresh);
    if (push) history.replaceState(null, "", url);
    bind();
    const again = focused && (document.getElementById(focused) || document.querySelector(`[data-step="${focused}"]`));
    if (again) again.focus();
  }
  let timer = null;
  let polling = null;
  function follow() {
    clearTimeout(polling);
    const panel = document.getElementById("analysis");
    if (!panel || !["queued", "running"].includes(panel.dataset.status)) return;
    polling = setTimeout(async () => {
      const response = await fetch(panel.dataset.analysis, { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const state = await response.json();
      if (state.status !== panel.dataset.status || state.status === "done" || state.status === "failed") {
        go(location.href, false);
        return;
      }
      const bar = document.getElementById("analysis-progress");
      if (bar) { bar.value = Math.round(100 * state.progress); bar.textContent = `${bar.value}%`; }
      follow();
    }, 2000);
  }
  function bind() {
    follow();
    const stepper = document.getElementById("stepper");
    const slider = stepper.querySelector("input[data-slider]");
    const out = stepper.querySelector("#at-out");
    slider.addEventListener("input", () => {
      out.value = slider.value;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const url = new URL(location.href);
        url.searchParams.set("at", slider.value);
        go(url.toString());
      }, 120);
    });
    stepper.querySelectorAll("a[data-step]").forEach(a => a.addEventListener("click", event => {
      event.preventDefault();
      go(a.href);
    }));
    stepper.addEventListener("submit", event => {
      event.preventDefault();
      const url = new URL(location.href);
      new FormData(stepper).forEach((v, k) => url.searchParams.set(k, v));
      go(url.toString());
    });
  }
  document.addEventListener("keydown", event => {
    if (event.target.matches("input, select, textarea")) return;
    const step = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
    const link = step && document.querySelector(`a[data-step="${step}"]`);
    if (link) { event.preventDefault(); go(link.href); }
  });
  bind();
})();
