import { Button, Link, useDocumentTitle, useNavigate } from "@unbiased/web-shared";
import { clearAdminSession } from "@unbiased/web-shared/admin";
import LogOut from "lucide-react/icons/log-out";
import ScrollText from "lucide-react/icons/scroll-text";
import { DASHBOARD_CARDS } from "./dashboardCards.ts";
import { modmeApi } from "./data/modmeApi.ts";
import { useStaffData } from "./data/useStaffData.ts";
import { PAGE_FRAMES } from "./frame/pageFrames.ts";

/** /modme: the way into each moderation tool (spec §2 Staff routes). */
export function Dashboard() {
  useDocumentTitle(PAGE_FRAMES.dashboard.title);
  const navigate = useNavigate();
  const stats = useStaffData("modme:queue-stats", modmeApi.queueStats);
  const queue = stats.data?.queue;
  // '-' only while loading (or when the numbers could not be read).
  const tiles = [
    ["Total Comments", queue?.total],
    ["Pending Reports", queue?.pendingReports],
    ["Active Users", queue?.activeUsers],
  ] as const;

  return (
    <section className="modme-dashboard" aria-labelledby="modme-title">
      <header className="modme-dashboard__header">
        <div>
          <h1 id="modme-title">{PAGE_FRAMES.dashboard.title}</h1>
          <p className="ui-page__note">{PAGE_FRAMES.dashboard.note}</p>
        </div>
        {/* Ends the ModMe session only (spec: "A Logout button that navigates to /"); the reader stays signed in. */}
        <Button
          onClick={() => {
            clearAdminSession();
            navigate("/");
          }}
        >
          <LogOut aria-hidden="true" size={16} /> Logout
        </Button>
      </header>

      <dl className="modme-stats">
        {tiles.map(([label, value]) => (
          <div key={label} className="modme-stats__tile">
            <dt>{label}</dt>
            <dd>{value ?? "-"}</dd>
          </div>
        ))}
      </dl>

      <ul className="modme-cards">
        {DASHBOARD_CARDS.map(({ title, description, to, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="modme-card">
              <Icon aria-hidden="true" className="modme-card__icon" />
              <span className="modme-card__title">{title}</span>
              <span className="modme-card__description">{description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="modme-dashboard__more">
        <Link to="log" className="modme-back">
          <ScrollText aria-hidden="true" size={16} /> Moderation Log
        </Link>
      </p>
    </section>
  );
}
