// Each test is a new page: the page-wide stores (auth, theme, the page's SWR cache) are module singletons,
// emptied here between tests. A module of its own, outside web-shared's entry (src/index.ts): the apps
// never load it, only the test setup does (hosts/shell/vitest.setup.ts).
export { resetAuthForTests } from "../auth/AuthContext.tsx";
export { resetPageCacheForTests } from "../page/pageData.ts";
export { resetThemeForTests } from "../theme/ThemeContext.tsx";
