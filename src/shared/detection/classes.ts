/**
 * What each COCO class means for tidying: the word a person uses for it, and its part in a session. Shared, because
 * the window reads it too (what counts as a movable thing in a before and after).
 *
 * - `out`: an easy win that usually leaves the room (a bottle, food): proposed first.
 * - `home`: a thing with an obvious home elsewhere (a cup goes to the kitchen, a toothbrush to the bathroom).
 * - `loose`: a movable thing whose place depends on the room (a book, a bag, a phone).
 * - `fixture`: furniture and big appliances: never proposed; they are landmarks ("on the table", "by the fridge")
 *   and can be anchors.
 * - `ignore`: people, animals, vehicles, street things: never proposed, never named. People and animals are also
 *   `living`: nothing is ever pointed at where they are.
 */
import type { CocoLabel } from './schema';

export type TidyRole = 'out' | 'home' | 'loose' | 'fixture' | 'ignore';

export interface ClassInfo {
  readonly name: string;
  readonly role: TidyRole;
  /** Where it usually lives, for `home` things. */
  readonly home?: string;
  /** Something people often keep in place no matter what: offered as an anchor. */
  readonly anchor?: boolean;
  /** Something you can put things on: "on the table". */
  readonly surface?: boolean;
  /** A person or an animal: never a thing, never the place a busy spot points at. */
  readonly living?: boolean;
}

const ignore: ClassInfo = { name: '', role: 'ignore' };
const living: ClassInfo = { name: '', role: 'ignore', living: true };
const out = (name: string): ClassInfo => ({ name, role: 'out' });
const home = (name: string, where: string): ClassInfo => ({ name, role: 'home', home: where });
const loose = (name: string, extra: Partial<ClassInfo> = {}): ClassInfo => ({ name, role: 'loose', ...extra });
const fixture = (name: string, extra: Partial<ClassInfo> = {}): ClassInfo => ({ name, role: 'fixture', anchor: true, ...extra });

export const CLASSES: Readonly<Record<CocoLabel, ClassInfo>> = {
  person: living,
  bicycle: ignore,
  car: ignore,
  motorcycle: ignore,
  airplane: ignore,
  bus: ignore,
  train: ignore,
  truck: ignore,
  boat: ignore,
  'traffic light': ignore,
  'fire hydrant': ignore,
  'stop sign': ignore,
  'parking meter': ignore,
  bench: fixture('bench', { surface: true }),
  bird: living,
  cat: living,
  dog: living,
  horse: living,
  sheep: living,
  cow: living,
  elephant: living,
  bear: living,
  zebra: living,
  giraffe: living,
  backpack: loose('backpack'),
  umbrella: home('umbrella', 'hallway'),
  handbag: loose('bag'),
  tie: home('tie', 'wardrobe'),
  suitcase: loose('suitcase'),
  frisbee: loose('frisbee'),
  skis: loose('skis'),
  snowboard: loose('snowboard'),
  'sports ball': loose('ball'),
  kite: loose('kite'),
  'baseball bat': loose('baseball bat'),
  'baseball glove': loose('baseball glove'),
  skateboard: loose('skateboard'),
  surfboard: loose('surfboard'),
  'tennis racket': loose('tennis racket'),
  bottle: out('bottle'),
  'wine glass': home('glass', 'kitchen'),
  cup: home('cup', 'kitchen'),
  fork: home('fork', 'kitchen'),
  knife: home('knife', 'kitchen'),
  spoon: home('spoon', 'kitchen'),
  bowl: home('bowl', 'kitchen'),
  banana: out('banana'),
  apple: out('apple'),
  sandwich: out('sandwich'),
  orange: out('orange'),
  broccoli: out('broccoli'),
  carrot: out('carrot'),
  'hot dog': out('hot dog'),
  pizza: out('pizza'),
  donut: out('donut'),
  cake: out('cake'),
  chair: fixture('chair', { surface: true }),
  couch: fixture('sofa', { surface: true }),
  'potted plant': fixture('plant'),
  bed: fixture('bed', { surface: true }),
  'dining table': fixture('table', { surface: true }),
  toilet: fixture('toilet'),
  tv: fixture('TV'),
  laptop: loose('laptop', { anchor: true }),
  mouse: loose('mouse'),
  remote: loose('remote'),
  keyboard: loose('keyboard', { anchor: true }),
  'cell phone': loose('phone'),
  microwave: fixture('microwave'),
  oven: fixture('oven'),
  toaster: fixture('toaster'),
  sink: fixture('sink'),
  refrigerator: fixture('fridge'),
  book: loose('book'),
  clock: loose('clock', { anchor: true }),
  vase: loose('vase', { anchor: true }),
  scissors: home('scissors', 'drawer'),
  'teddy bear': loose('teddy bear'),
  'hair drier': home('hair dryer', 'bathroom'),
  toothbrush: home('toothbrush', 'bathroom'),
};

export function classInfo(label: CocoLabel): ClassInfo {
  return CLASSES[label];
}

/** A person or an animal: left out of everything a busy spot is made of, and never pointed at. */
export function isLiving(label: CocoLabel): boolean {
  return CLASSES[label].living === true;
}

/** Whether the coach may ever propose a thing of this class to decide on. */
export function isProposable(label: CocoLabel): boolean {
  const { role } = CLASSES[label];
  return role === 'out' || role === 'home' || role === 'loose';
}

/** Easy wins first: what leaves the room, then what has an obvious home, then the rest, what usually stays last. */
export function easeRank(label: CocoLabel): number {
  const { role, anchor } = CLASSES[label];
  if (role === 'out') return 0;
  if (role === 'home') return 1;
  return anchor ? 3 : 2;
}
