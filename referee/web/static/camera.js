// The camera button: "Photo" opens the phone's camera through a file input (which works over
// plain http on a LAN, where a page may not use the camera itself), then posts the photo as it is
// to api/photo; the referee enters the one move its pieces match, and the verdict line says so,
// or lists what was read and the moves it matches. Uses app.js's send().
"use strict";

(() => {
  const button = document.getElementById("photo");
  const file = document.getElementById("photo-file");
  let over = false;

  button.addEventListener("click", () => file.click());
  file.addEventListener("change", async () => {
    const photo = file.files[0];
    file.value = ""; // the same photo may be chosen again
    if (!photo) return;
    button.disabled = true;
    try {
      await send("api/photo", photo, photo.type || "image/jpeg");
    } finally {
      button.disabled = over;
    }
  });
  document.addEventListener("pnp:state", (event) => {
    over = event.detail.over;
    button.disabled = over;
  });
})();
