import "./modme.css";
import { NotFoundPage, ReleaseNotice, Route, Routes } from "@unbiased/web-shared";
import { BansPage } from "./bans/BansPage.tsx";
import { CommentsPage } from "./comments/CommentsPage.tsx";
import { Dashboard } from "./Dashboard.tsx";
import { PAGE_FRAMES } from "./frame/pageFrames.ts";
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
          <Route path={PAGE_FRAMES.login.path} element={<ModmeLoginPage />} />
          <Route element={<RequireAdminSession />}>
            {/* The dashboard is the index route: PAGE_FRAMES.dashboard.path is "". */}
            <Route index element={<Dashboard />} />
            <Route path={PAGE_FRAMES.comments.path} element={<CommentsPage />} />
            <Route path={PAGE_FRAMES.bans.path} element={<BansPage />} />
            <Route path={PAGE_FRAMES.reports.path} element={<ReportsPage />} />
            <Route path={PAGE_FRAMES.reputation.path} element={<ReputationPage />} />
            <Route path={PAGE_FRAMES.queues.path} element={<QueuesPage />} />
            <Route path={PAGE_FRAMES.users.path} element={<UsersPage />} />
            <Route path={PAGE_FRAMES.userComments.path} element={<UserCommentsPage />} />
            <Route path={PAGE_FRAMES.log.path} element={<LogPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
