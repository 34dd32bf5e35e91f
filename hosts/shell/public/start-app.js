// Starts the app on a page the gateway rendered, once that page has painted. The page reads without
// JavaScript, so its scripts only make it interactive: requested after the first paint they never
// compete with the HTML and the first image on a slow phone link (docs/decisions/013-first-html.md).
// The gateway marks the shell's module script and preloads inert (compose.ts) on a page whose content
// is in the HTML; a ModMe page's head marks ModMe's preloads only (remote-head.ts), and the shell's
// own scripts load as usual there. The production build inlines this file (build-web.mjs).
(() => {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var marks = document.querySelectorAll("link[rel=modulepreload-after-paint],script[data-start-after-paint]");
    var i, mark, element;
    for (i = 0; i < marks.length; i++) {
      mark = marks[i];
      if (mark.tagName === "LINK") {
        element = document.createElement("link");
        element.rel = "modulepreload";
        element.href = mark.getAttribute("href");
      } else {
        element = document.createElement("script");
        element.type = "module";
        element.src = mark.getAttribute("src");
      }
      element.crossOrigin = "";
      document.head.appendChild(element);
    }
  }
  // The page's lead images (the first card's, the article's: fetchpriority=high) are its largest
  // paint: the scripts wait until they are loaded and a frame has painted them, or they would count
  // against that paint as well. A page with none pending starts at once: its text has painted.
  // The frame's callback runs just before the next paint, the timeout just after it.
  function afterNextPaint() {
    requestAnimationFrame(() => {
      setTimeout(start, 0);
    });
  }
  function afterLeadImages() {
    var images = document.querySelectorAll("img[fetchpriority=high]");
    var waiting = 0;
    var i;
    function settled() {
      waiting--;
      if (waiting === 0) afterNextPaint();
    }
    for (i = 0; i < images.length; i++) {
      if (images[i].complete) continue;
      waiting++;
      images[i].addEventListener("load", settled, { once: true });
      images[i].addEventListener("error", settled, { once: true });
    }
    if (waiting === 0) start();
  }
  function afterFirstPaint() {
    // Started once the browser reports the first contentful paint, never before it: a request sent
    // in the frame that paints would count against that paint on a slow link. Without paint timing,
    // just after the next frame; a hidden tab paints no frames, so the app starts within a second
    // there anyway.
    setTimeout(start, 1000);
    try {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        afterLeadImages();
      }).observe({ type: "paint", buffered: true });
    } catch {
      afterNextPaint();
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterFirstPaint);
  else afterFirstPaint();
})();
