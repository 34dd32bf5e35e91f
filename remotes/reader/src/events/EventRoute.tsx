import { NotFoundPage, useParams } from "@unbiased/web-shared";
import { EventPage } from "./EventPage.tsx";

/** /event/{id}. Keyed on the id, as the article page is: another event mounts afresh. */
export function EventRoute() {
  const { id } = useParams();
  return id ? <EventPage key={id} id={id} /> : <NotFoundPage />;
}
