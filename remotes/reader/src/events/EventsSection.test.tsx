import { fireEvent, render, screen, within } from "@testing-library/react";
import type { NewsEvent } from "@unbiased/worker-shared/contracts/articles";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import { stubArticleApi } from "../test/stubArticleApi.ts";
import { EventsSection } from "./EventsSection.tsx";

const event = (n: number): NewsEvent => ({
  id: `e${n}`,
  title: `Event number ${n}`,
  main_tldr: `What happened in event ${n}.`,
  start_date: "2026-05-01T12:00:00.000Z",
  end_date: "2026-05-03T12:00:00.000Z",
  articles: [
    { id: `a${n}1`, title: `First report on ${n}`, sourceUrl: "https://news.example/1" },
    { id: `a${n}2`, title: `Second report on ${n}`, sourceUrl: "https://news.example/2" },
  ],
});

function renderEvents() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <EventsSection />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe("the Events section", () => {
  it("shows each event's title, dates, TLDR and its articles linking to their pages", async () => {
    const api = stubArticleApi();
    api.routes["/api/articles/events"] = [200, [event(1)]];
    renderEvents();
    const item = await screen.findByRole("article", { name: "Event number 1" });
    expect(within(item).getByText(/^May 1\s–\s3, 2026$/)).toBeTruthy();
    expect(within(item).getByText("What happened in event 1.")).toBeTruthy();
    expect(within(item).getByRole("link", { name: "Second report on 1" }).getAttribute("href")).toBe(
      "/article/second-report-on-1/a12",
    );
  });

  it("opens each event's own page from its title", async () => {
    const api = stubArticleApi();
    api.routes["/api/articles/events"] = [200, [event(7)]];
    renderEvents();
    const item = await screen.findByRole("article", { name: "Event number 7" });
    expect(within(item).getByRole("link", { name: "Event number 7" }).getAttribute("href")).toBe("/event/e7");
  });

  it("shows three events at first and the rest on request", async () => {
    const api = stubArticleApi();
    api.routes["/api/articles/events"] = [200, [1, 2, 3, 4, 5].map(event)];
    renderEvents();
    await screen.findByRole("heading", { name: "Events" });
    expect(screen.getAllByRole("article")).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Show 2 more events" }));
    expect(screen.getAllByRole("article")).toHaveLength(5);
  });

  it("is absent when there are no events or they cannot be loaded", async () => {
    const api = stubArticleApi();
    api.unreachable.add("/api/articles/events");
    const { container } = renderEvents();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.innerHTML).toBe("");
  });
});
