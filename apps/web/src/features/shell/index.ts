/** The app's frame: the layout, header and footer, and what shows while a page loads or fails. */
export { AppLayout } from "./components/app-layout.tsx";
export { PageLoading } from "./components/page-loading.tsx";
export { RouteError } from "./components/route-error.tsx";
