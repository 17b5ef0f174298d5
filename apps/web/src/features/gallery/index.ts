/** The gallery's entry: the gallery page's parts. */
export { Gallery } from "./components/gallery.tsx";
export { GalleryLoginNotice } from "./components/gallery-notices.tsx";
