import { INDOOR_SCENES } from "./indoor-scenes.ts";
import type { LibraryScene } from "./library-scene.ts";
import { OUTDOOR_SCENES } from "./outdoor-scenes.ts";

export type { LibraryScene } from "./library-scene.ts";

/** Every scene of the library, in the order ties between equally fitting scenes go. */
export const SCENE_LIBRARY: LibraryScene[] = [...INDOOR_SCENES, ...OUTDOOR_SCENES];
