export { libraryScene, nearestScene, type SceneAsk } from "./nearest.ts";
export { groundOf, PHOTOS, type PhotoId, photoHref, photoPath, photoSquare } from "./photos.ts";
export { type LibraryScene, SCENE_LIBRARY } from "./scenes.ts";
export { surfacePhoto } from "./surfaces.ts";
