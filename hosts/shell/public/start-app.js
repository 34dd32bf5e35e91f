// Starts the app on a page the gateway rendered, once that page has painted. The page reads without
// JavaScript, so its scripts only make it interactive: requested after the first paint they never
// compete with the HTML and the first image on a slow phone link (docs/decisions/013-first-html.md).
// The gateway marks the shell's module script and preloads inert (pages.ts); other pages have no
// marks, and their scripts load as usual. The production build inlines this file (build-web.mjs).
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
        start();
      }).observe({ type: "paint", buffered: true });
    } catch {
      requestAnimationFrame(() => {
        setTimeout(start, 0);
      });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterFirstPaint);
  else afterFirstPaint();
})();
