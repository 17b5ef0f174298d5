/**
 * Run in the studio's page before its own scripts (the studio leg's `addInitScript`): from each
 * click on Generate, by the click event's own time, marks when the record's completion event
 * arrived, when Download showed, when the result image's bytes were read and when it was
 * decoded and drawn. The leg reads `window.__studioBench.marks`.
 */
(() => {
  const RESULT_IMAGE = 'img[alt^="Your photo with the new background"]';
  const bench = { start: null, marks: {} };
  window.__studioBench = bench;
  const mark = (name, at = performance.now()) => {
    if (bench.start === null || bench.marks[name] !== undefined) return;
    bench.marks[name] = at - bench.start;
  };

  document.addEventListener(
    "click",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (!button?.textContent?.trim().startsWith("Generate")) return;
      bench.start = event.timeStamp;
      bench.marks = {};
    },
    true,
  );

  const NativeEventSource = window.EventSource;
  window.EventSource = class extends NativeEventSource {
    constructor(url, init) {
      super(url, init);
      super.addEventListener("record", (event) => {
        if (String(event.data).includes('"status":"completed"')) mark("completedEvent");
      });
    }
  };

  const watched = new WeakSet();
  const look = () => {
    for (const button of document.querySelectorAll("button")) {
      if (button.textContent?.trim() === "Download") mark("download");
    }
    const image = document.querySelector(RESULT_IMAGE);
    if (!image || watched.has(image)) return;
    watched.add(image);
    const drawn = () =>
      image
        .decode()
        .then(() => requestAnimationFrame(() => mark("drawn")))
        .catch(() => {});
    if (image.complete && image.naturalWidth > 0) drawn();
    else image.addEventListener("load", drawn, { once: true });
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true });

  new PerformanceObserver((list) => {
    const image = document.querySelector(RESULT_IMAGE);
    for (const entry of list.getEntries()) {
      if (bench.start === null || entry.startTime < bench.start) continue;
      if (image && entry.name === image.currentSrc) {
        mark("imageFetched", entry.responseEnd);
        bench.marks.imageBytes = entry.encodedBodySize;
      }
    }
  }).observe({ type: "resource" });
})();
