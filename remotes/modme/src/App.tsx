import "./modme.css";
import { NotFoundPage, ReleaseNotice, Route, Routes } from "@unbiased/web-shared";
import { BansPage } from "./bans/BansPage.tsx";
import { CommentsPage } from "./comments/CommentsPage.tsx";
import { Dashboard } from "./Dashboard.tsx";
import { RequireAdminSession } from "./guard/RequireAdminSession.tsx";
import { StaffGuard } from "./guard/StaffGuard.tsx";
import { LogPage } from "./log/LogPage.tsx";
import { ModmeLoginPage } from "./login/ModmeLoginPage.tsx";
import { QueuesPage } from "./queues/QueuesPage.tsx";
import { ReportsPage } from "./reports/ReportsPage.tsx";
import { ReputationPage } from "./reputation/ReputationPage.tsx";
import { UserCommentsPage } from "./users/UserCommentsPage.tsx";
import { UsersPage } from "./users/UsersPage.tsx";

// The notice shipped with this build of ModMe (hosts/shared/federation/notices.ts).
declare const __MODME_NOTICE__: string;
const MODME_NOTICE = typeof __MODME_NOTICE__ === "string" ? __MODME_NOTICE__ : "";

/**
 * The moderation area, exposed as `modme/App`; the shell mounts it at /modme/*. Every route is
 * staff-only; all but the password gate also need the 24 h admin session (every page reads ModMe APIs).
 */
export default function App() {
  return (
    <div className="modme" data-remote="modme">
      <ReleaseNotice text={MODME_NOTICE} />
      <Routes>
        <Route element={<StaffGuard />}>
          <Route path="login" element={<ModmeLoginPage />} />
          <Route element={<RequireAdminSession />}>
            <Route index element={<Dashboard />} />
            <Route path="comments" element={<CommentsPage />} />
            <Route path="bans" element={<BansPage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="reputation" element={<ReputationPage />} />
            <Route path="queues" element={<QueuesPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="user/:userId/comments" element={<UserCommentsPage />} />
            <Route path="log" element={<LogPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
