import { LOADING_AUTHENTICATION, type PageFrame } from "./pageFrames.ts";

/**
 * The guard's view of a page while the stored session is checked: the markup of `frameHtml`, which the
 * first HTML carries (PageFrameView.test.tsx holds the two to the same bytes), so mounting ModMe over
 * the first HTML changes nothing on screen.
 */
export function PageFrameView({ frame }: { frame: PageFrame }) {
  return (
    <section className="modme-frame" aria-busy="true">
      {frame.breadcrumb && (
        <nav aria-label="Breadcrumb" className="modme-breadcrumb">
          <a className="modme-back" href="/modme">
            ModMe dashboard
          </a>
        </nav>
      )}
      <header className="modme-page__header">
        <div>
          <h1>{frame.title}</h1>
          {frame.note && <p className="ui-page__note">{frame.note}</p>}
        </div>
      </header>
      <p className="modme-guard" role="status">
        {LOADING_AUTHENTICATION}
      </p>
    </section>
  );
}
