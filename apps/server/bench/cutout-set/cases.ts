import type { Backdrop, Placed } from "./backdrop.ts";
import type { CutoutCase } from "./cutout-case.ts";
import type { Thing } from "./objects.ts";
import {
  armchair,
  bicycle,
  furryToy,
  glassBottle,
  handbag,
  headphones,
  kettle,
  longHair,
  vase,
  whiteMug,
  whiteSneaker,
  wineGlass,
} from "./subjects/index.ts";

const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
const SQUARE = { width: 896, height: 896 };

// Things cut from the fixture photos and the scene library, to stand about or touch the subject.
const CUP: Thing = { photo: "coffee.png", crop: [0.2, 0.05, 0.6, 0.9], shape: "round" };
const CAT_PRINT: Thing = { photo: "cat.png", shape: "box" };
const ROCKET_CARTON: Thing = { photo: "rocket.jpg", crop: [0.25, 0, 0.5, 1], shape: "box" };
const ASTRONAUT_PRINT: Thing = { photo: "astronaut.png", crop: [0.1, 0, 0.8, 1], shape: "box" };
const TERRACOTTA_JAR: Thing = { photo: "terracotta.jpg", shape: "jar" };
const GRANITE_BALL: Thing = { photo: "granite.jpg", shape: "round" };
const LINEN_BOX: Thing = { photo: "linen.jpg", shape: "box" };
const PLUM_JAR: Thing = { photo: "plum-paper.jpg", shape: "jar" };
const CAT_JAR: Thing = { photo: "cat.png", crop: [0.3, 0.2, 0.4, 0.6], shape: "jar" };

const stand = (thing: Thing, at: Placed["at"]): Placed => ({ thing, at });

/** A room: a wall over a floor, with a few things along the wall. */
function room(wall: string, floor: string, things: readonly Placed[] = []): Backdrop {
  return {
    wall: { photo: wall, tile: 256 },
    floor: { photo: floor, tile: 256, from: 0.62 },
    things,
  };
}

/** Shelves of planks on a wall, with things standing on them. */
const SHELVES: Backdrop = {
  wall: { photo: "plaster.jpg", tile: 256 },
  shelves: { plank: { photo: "wood-planks.jpg", tile: 128 }, at: [0.3, 0.62, 0.93] },
  things: [
    stand(CAT_JAR, [0.05, 0.14, 0.12, 0.16]),
    stand(ROCKET_CARTON, [0.2, 0.1, 0.1, 0.2]),
    stand(PLUM_JAR, [0.72, 0.16, 0.1, 0.14]),
    stand(CUP, [0.84, 0.2, 0.12, 0.1]),
    stand(LINEN_BOX, [0.02, 0.46, 0.16, 0.16]),
    stand(TERRACOTTA_JAR, [0.8, 0.48, 0.09, 0.14]),
    stand(CAT_PRINT, [0.88, 0.4, 0.11, 0.22]),
  ],
};

const HEDGE: Backdrop = { wall: { photo: "hedge.jpg", tile: 256 } };
const MEADOW: Backdrop = { wall: { photo: "meadow.jpg" } };
const BRICK_STREET = room("red-bricks.jpg", "paving.jpg", [
  stand(GRANITE_BALL, [0.05, 0.55, 0.1, 0.13]),
]);
const LIVING_ROOM = room("plaster.jpg", "wood-parquet.jpg", [
  stand(ASTRONAUT_PRINT, [0.06, 0.12, 0.14, 0.2]),
  stand(LINEN_BOX, [0.04, 0.46, 0.18, 0.18]),
  stand(TERRACOTTA_JAR, [0.82, 0.44, 0.1, 0.2]),
]);
const KITCHEN = room("white-bricks.jpg", "marble.jpg", [stand(CUP, [0.08, 0.56, 0.12, 0.09])]);
const WHITE_PAPER: Backdrop = { wall: { photo: "white-paper.jpg", tile: 512 } };

/**
 * The evaluation set: 35 pictures, five a category, each subject at a few positions and
 * scales over the project's own photographs.
 */
export const CUTOUT_CASES: readonly CutoutCase[] = [
  // Thin parts: spokes, handlebars, cables.
  {
    id: "bicycle-bricks",
    category: "thin parts",
    subject: bicycle,
    canvas: LANDSCAPE,
    place: { x: 0.5, bottom: 0.9, height: 0.6 },
    backdrop: BRICK_STREET,
  },
  {
    id: "bicycle-hedge-small",
    category: "thin parts",
    subject: bicycle,
    canvas: LANDSCAPE,
    place: { x: 0.38, bottom: 0.8, height: 0.42 },
    backdrop: HEDGE,
  },
  {
    id: "bicycle-meadow",
    category: "thin parts",
    subject: bicycle,
    canvas: SQUARE,
    place: { x: 0.55, bottom: 0.88, height: 0.55 },
    backdrop: MEADOW,
  },
  {
    id: "headphones-planks",
    category: "thin parts",
    subject: headphones,
    canvas: PORTRAIT,
    place: { x: 0.5, bottom: 0.85, height: 0.7 },
    backdrop: { wall: { photo: "wood-planks.jpg", tile: 256 } },
  },
  {
    id: "headphones-room",
    category: "thin parts",
    subject: headphones,
    canvas: LANDSCAPE,
    place: { x: 0.62, bottom: 0.92, height: 0.72 },
    backdrop: LIVING_ROOM,
  },
  // Glass and transparent things, the background showing through.
  {
    id: "bottle-kitchen",
    category: "glass/transparent",
    subject: glassBottle,
    canvas: PORTRAIT,
    place: { x: 0.5, bottom: 0.88, height: 0.62 },
    backdrop: KITCHEN,
  },
  {
    id: "bottle-hedge",
    category: "glass/transparent",
    subject: glassBottle,
    canvas: LANDSCAPE,
    place: { x: 0.3, bottom: 0.92, height: 0.8 },
    backdrop: HEDGE,
  },
  {
    id: "wine-glass-room",
    category: "glass/transparent",
    subject: wineGlass,
    canvas: LANDSCAPE,
    place: { x: 0.55, bottom: 0.9, height: 0.7 },
    backdrop: LIVING_ROOM,
  },
  {
    id: "wine-glass-bricks",
    category: "glass/transparent",
    subject: wineGlass,
    canvas: PORTRAIT,
    place: { x: 0.45, bottom: 0.8, height: 0.5 },
    backdrop: { wall: { photo: "sand-bricks.jpg", tile: 200 } },
  },
  {
    id: "bottle-shelves",
    category: "glass/transparent",
    subject: glassBottle,
    canvas: LANDSCAPE,
    place: { x: 0.5, bottom: 0.62, height: 0.4 },
    backdrop: SHELVES,
  },
  // Hair and fur.
  {
    id: "furry-toy-meadow",
    category: "hair and fur",
    subject: furryToy,
    canvas: LANDSCAPE,
    place: { x: 0.5, bottom: 0.92, height: 0.75 },
    backdrop: MEADOW,
  },
  {
    id: "furry-toy-velvet",
    category: "hair and fur",
    subject: furryToy,
    canvas: SQUARE,
    place: { x: 0.42, bottom: 0.85, height: 0.5 },
    backdrop: room("velvet.jpg", "linen.jpg"),
  },
  {
    id: "long-hair-hedge",
    category: "hair and fur",
    subject: longHair,
    canvas: PORTRAIT,
    place: { x: 0.5, bottom: 1, height: 0.8 },
    backdrop: HEDGE,
    shadow: false,
  },
  {
    id: "long-hair-bricks",
    category: "hair and fur",
    subject: longHair,
    canvas: LANDSCAPE,
    place: { x: 0.6, bottom: 1, height: 0.9 },
    backdrop: { wall: { photo: "sand-bricks.jpg", tile: 256 } },
    shadow: false,
  },
  {
    id: "furry-toy-planks-small",
    category: "hair and fur",
    subject: furryToy,
    canvas: LANDSCAPE,
    place: { x: 0.7, bottom: 0.86, height: 0.36 },
    backdrop: room("grey-tiles.jpg", "wood-planks.jpg"),
  },
  // White on white.
  {
    id: "white-mug-paper",
    category: "white-on-white",
    subject: whiteMug,
    canvas: LANDSCAPE,
    place: { x: 0.5, bottom: 0.85, height: 0.55 },
    backdrop: WHITE_PAPER,
  },
  {
    id: "white-mug-kitchen",
    category: "white-on-white",
    subject: whiteMug,
    canvas: SQUARE,
    place: { x: 0.4, bottom: 0.9, height: 0.38 },
    backdrop: KITCHEN,
  },
  {
    id: "white-sneaker-paper",
    category: "white-on-white",
    subject: whiteSneaker,
    canvas: LANDSCAPE,
    place: { x: 0.5, bottom: 0.8, height: 0.42 },
    backdrop: WHITE_PAPER,
  },
  {
    id: "white-sneaker-limestone",
    category: "white-on-white",
    subject: whiteSneaker,
    canvas: LANDSCAPE,
    place: { x: 0.45, bottom: 0.9, height: 0.3 },
    backdrop: room("white-bricks.jpg", "limestone.jpg"),
  },
  {
    id: "white-mug-marble",
    category: "white-on-white",
    subject: whiteMug,
    canvas: PORTRAIT,
    place: { x: 0.5, bottom: 0.75, height: 0.35 },
    backdrop: { wall: { photo: "marble.jpg", tile: 512 } },
  },
  // Subjects that fill the frame, running off its edges.
  {
    id: "armchair-close",
    category: "fills the frame",
    subject: armchair,
    canvas: LANDSCAPE,
    place: { x: 0.5, bottom: 1.08, height: 1.15 },
    backdrop: LIVING_ROOM,
    shadow: false,
  },
  {
    id: "handbag-close",
    category: "fills the frame",
    subject: handbag,
    canvas: SQUARE,
    place: { x: 0.42, bottom: 1.1, height: 1.05 },
    backdrop: HEDGE,
    shadow: false,
  },
  {
    id: "kettle-close",
    category: "fills the frame",
    subject: kettle,
    canvas: LANDSCAPE,
    place: { x: 0.56, bottom: 1.05, height: 1.12 },
    backdrop: KITCHEN,
    shadow: false,
  },
  {
    id: "furry-toy-close",
    category: "fills the frame",
    subject: furryToy,
    canvas: SQUARE,
    place: { x: 0.5, bottom: 1.15, height: 1.2 },
    backdrop: MEADOW,
    shadow: false,
  },
  {
    id: "vase-close",
    category: "fills the frame",
    subject: vase,
    canvas: PORTRAIT,
    place: { x: 0.46, bottom: 1.06, height: 1.1 },
    backdrop: BRICK_STREET,
    shadow: false,
  },
  // Subjects that touch other things.
  {
    id: "vase-cup-carton",
    category: "touches other things",
    subject: vase,
    canvas: LANDSCAPE,
    place: { x: 0.5, bottom: 0.9, height: 0.65 },
    backdrop: LIVING_ROOM,
    neighbours: [
      { thing: CUP, side: "left", width: 0.7, height: 0.2, overlap: 0.06 },
      { thing: ROCKET_CARTON, side: "right", width: 0.6, height: 0.55, overlap: 0.08 },
    ],
  },
  {
    id: "kettle-print",
    category: "touches other things",
    subject: kettle,
    canvas: LANDSCAPE,
    place: { x: 0.45, bottom: 0.88, height: 0.55 },
    backdrop: KITCHEN,
    neighbours: [{ thing: CAT_PRINT, side: "right", width: 0.55, height: 0.75, overlap: 0.12 }],
  },
  {
    id: "handbag-front-jar",
    category: "touches other things",
    subject: handbag,
    canvas: SQUARE,
    place: { x: 0.45, bottom: 0.82, height: 0.55 },
    backdrop: room("stone-wall.jpg", "stone-slabs.jpg"),
    neighbours: [
      { thing: TERRACOTTA_JAR, side: "front", width: 0.22, height: 0.35, overlap: 0.05 },
    ],
  },
  {
    id: "mug-box-ball",
    category: "touches other things",
    subject: whiteMug,
    canvas: LANDSCAPE,
    place: { x: 0.5, bottom: 0.86, height: 0.4 },
    backdrop: room("grey-paper.jpg", "wood-planks.jpg"),
    neighbours: [
      { thing: LINEN_BOX, side: "left", width: 0.7, height: 0.9, overlap: 0.1 },
      { thing: GRANITE_BALL, side: "right", width: 0.45, height: 0.55, overlap: 0.05 },
    ],
  },
  {
    id: "headphones-prints",
    category: "touches other things",
    subject: headphones,
    canvas: PORTRAIT,
    place: { x: 0.5, bottom: 0.9, height: 0.55 },
    backdrop: room("sage-paper.jpg", "wood-parquet.jpg"),
    neighbours: [
      { thing: ASTRONAUT_PRINT, side: "left", width: 0.5, height: 0.55, overlap: 0.16 },
      { thing: CUP, side: "front", width: 0.4, height: 0.18, overlap: 0.3 },
    ],
  },
  // Cluttered backgrounds: shelves, rooms, foliage.
  {
    id: "kettle-shelves",
    category: "cluttered background",
    subject: kettle,
    canvas: LANDSCAPE,
    place: { x: 0.48, bottom: 0.62, height: 0.3 },
    backdrop: SHELVES,
  },
  {
    id: "vase-shelves",
    category: "cluttered background",
    subject: vase,
    canvas: PORTRAIT,
    place: { x: 0.35, bottom: 0.93, height: 0.28 },
    backdrop: SHELVES,
  },
  {
    id: "handbag-room",
    category: "cluttered background",
    subject: handbag,
    canvas: LANDSCAPE,
    place: { x: 0.52, bottom: 0.86, height: 0.45 },
    backdrop: LIVING_ROOM,
  },
  {
    id: "kettle-hedge",
    category: "cluttered background",
    subject: kettle,
    canvas: SQUARE,
    place: { x: 0.6, bottom: 0.7, height: 0.4 },
    backdrop: HEDGE,
  },
  {
    id: "armchair-meadow",
    category: "cluttered background",
    subject: armchair,
    canvas: LANDSCAPE,
    place: { x: 0.4, bottom: 0.95, height: 0.6 },
    backdrop: MEADOW,
  },
];
