// The new-game form: random entropy for the seed, and only the seats of the chosen player count.
(() => {
  "use strict";
  document.querySelectorAll("input[data-entropy]").forEach(input => {
    input.value = Array.from(crypto.getRandomValues(new Uint8Array(32)), b => b.toString(16).padStart(2, "0")).join("");
  });
  const seats = document.querySelector("select[data-seats]");
  if (!seats) return;
  const show = () => document.querySelectorAll(".seatrow").forEach(row => {
    row.hidden = Number(row.dataset.seat) >= Number(seats.value);
  });
  seats.addEventListener("change", show);
  show();
})();
