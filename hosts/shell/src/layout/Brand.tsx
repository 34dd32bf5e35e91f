import { Link, PRODUCT_NAME } from "@unbiased/web-shared";

export function Brand() {
  return (
    <Link to="/" className="brand">
      <span className="brand__name">{PRODUCT_NAME}</span>
      <span className="brand__beta">Beta</span>
    </Link>
  );
}
