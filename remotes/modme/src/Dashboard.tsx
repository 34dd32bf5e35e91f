import LogOut from "lucide-react/icons/log-out";
import { Button, clearAdminSession, useDocumentTitle, Link, useNavigate } from "@unbiased/web-shared";
import { DASHBOARD_CARDS, STAT_TILES } from "./dashboardCards.ts";

/** /modme: the way into each moderation tool (spec §2 Staff routes). */
export function Dashboard() {
  useDocumentTitle("ModMe");
  const navigate = useNavigate();

  return (
    <section className="modme-dashboard" aria-labelledby="modme-title">
      <header className="modme-dashboard__header">
        <div>
          <h1 id="modme-title">ModMe</h1>
          <p className="ui-page__note">Moderation tools for comments, users and queues.</p>
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

      {/* Placeholders until the statistics endpoints exist (spec: they show "-"). */}
      <dl className="modme-stats">
        {STAT_TILES.map((label) => (
          <div key={label} className="modme-stats__tile">
            <dt>{label}</dt>
            <dd>-</dd>
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
    </section>
  );
}
