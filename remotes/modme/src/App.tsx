import "./modme.css";
import { NotFoundPage, Route, Routes } from "@unbiased/web-shared";
import { Dashboard } from "./Dashboard.tsx";
import { RequireAdminSession } from "./guard/RequireAdminSession.tsx";
import { StaffGuard } from "./guard/StaffGuard.tsx";
import { ModmeLoginPage } from "./login/ModmeLoginPage.tsx";
import { ModmePlaceholder } from "./ModmePlaceholder.tsx";

/**
 * The moderation area, exposed as `modme/App`; the shell mounts it at /modme/*. Every route is
 * staff-only; all but the dashboard and the password gate also need the 24 h admin session.
 */
export default function App() {
  return (
    <div className="modme" data-remote="modme">
      <Routes>
        <Route element={<StaffGuard />}>
          <Route index element={<Dashboard />} />
          <Route path="login" element={<ModmeLoginPage />} />
          <Route element={<RequireAdminSession />}>
            <Route path="comments" element={<ModmePlaceholder title="Comment Moderation" />} />
            <Route path="bans" element={<ModmePlaceholder title="User Bans" />} />
            <Route path="reports" element={<ModmePlaceholder title="Comment Reports" />} />
            <Route path="reputation" element={<ModmePlaceholder title="User Reputation" />} />
            <Route path="queues" element={<ModmePlaceholder title="Queue Status" />} />
            <Route path="users" element={<ModmePlaceholder title="User Management" />} />
            <Route path="user/:userId/comments" element={<ModmePlaceholder title="User Comments" />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
