import { useLocation } from "@unbiased/web-shared";

/** Shows the router's current address so a test can assert where the app navigated. */
export function LocationDisplay() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}
