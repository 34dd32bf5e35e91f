import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageFrameView } from "./PageFrameView.tsx";
import { frameForPath, frameHtml, PAGE_FRAMES } from "./pageFrames.ts";

describe("ModMe's page frames", () => {
  it.each(Object.entries(PAGE_FRAMES))("the guard's %s frame is the first HTML's, byte for byte", (_name, frame) => {
    expect(renderToStaticMarkup(<PageFrameView frame={frame} />)).toBe(frameHtml(frame));
  });

  it("finds each route's frame, parameters and a trailing slash included, and none for other paths", () => {
    expect(frameForPath("/modme")).toBe(PAGE_FRAMES.dashboard);
    expect(frameForPath("/modme/")).toBe(PAGE_FRAMES.dashboard);
    expect(frameForPath("/modme/comments")).toBe(PAGE_FRAMES.comments);
    expect(frameForPath("/modme/user/u-1/comments")).toBe(PAGE_FRAMES.userComments);
    expect(frameForPath("/modme/user//comments")).toBeNull();
    expect(frameForPath("/modme/nope")).toBeNull();
    expect(frameForPath("/modmecomments")).toBeNull();
    expect(frameForPath("/")).toBeNull();
  });

  it("escapes what it writes into the HTML", () => {
    const html = frameHtml({ path: "x", title: `<b>"A" & B</b>`, breadcrumb: false });
    expect(html).toContain("<h1>&lt;b&gt;&quot;A&quot; &amp; B&lt;/b&gt;</h1>");
  });
});
