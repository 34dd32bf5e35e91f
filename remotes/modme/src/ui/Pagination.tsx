// Previous, a window of up to five page numbers, Next (spec §2).
import { Button } from "@unbiased/web-shared";
import { pageWindow } from "./format.ts";

export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="modme-pagination" aria-label="Pagination">
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, totalPages).map((n) => (
        <Button
          key={n}
          variant={n === page ? "primary" : "secondary"}
          aria-current={n === page ? "page" : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
