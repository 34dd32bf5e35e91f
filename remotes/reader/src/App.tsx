import "./reader.css";
import { Route, Routes } from "react-router-dom";
import { NotFoundPage } from "@unbiased/web-shared";
import { ArticleRoute } from "./article/ArticleRoute.tsx";
import { FeedPage } from "./feed/FeedPage.tsx";
import { GoogleCallbackPage } from "./login/GoogleCallbackPage.tsx";
import { LoginPage } from "./login/LoginPage.tsx";
import { PrivacyPage } from "./pages/PrivacyPage.tsx";
import { TermsPage } from "./pages/TermsPage.tsx";
import { ProfilePage } from "./profile/ProfilePage.tsx";
import { SearchPage } from "./search/SearchPage.tsx";

/**
 * The reader's pages, exposed as `reader/App`. The paths are relative: the shell mounts this
 * under its own router at "/", so the host's location drives it.
 */
export default function App() {
  return (
    <div className="reader" data-remote="reader">
      <Routes>
        <Route index element={<FeedPage />} />
        <Route path="news" element={<FeedPage />} />
        <Route path="category/:category" element={<FeedPage />} />
        <Route path="news/category/:category" element={<FeedPage />} />
        <Route path="article/:slug/:id" element={<ArticleRoute />} />
        <Route path="news/article/:slug/:id" element={<ArticleRoute />} />
        <Route path="article/:id" element={<ArticleRoute />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="news/search" element={<SearchPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="auth/google/callback" element={<GoogleCallbackPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        {/* Only reached if the shell's list of reader paths and this one ever disagree. */}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
