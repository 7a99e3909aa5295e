/**
 * What each COCO class means for tidying: the word a person uses for it, and its part in a session.
 *
 * - `out`: an easy win that usually leaves the room (a bottle, food): proposed first.
 * - `home`: a thing with an obvious home elsewhere (a cup goes to the kitchen, a toothbrush to the bathroom).
 * - `loose`: a movable thing whose place depends on the room (a book, a bag, a phone).
 * - `fixture`: furniture and big appliances: never proposed; they are landmarks ("on the table") and can be anchors.
 * - `ignore`: people, animals, vehicles, street things: never proposed, never named.
 */
import type { CocoLabel } from '../../shared/detection/schema';

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
}

const ignore: ClassInfo = { name: '', role: 'ignore' };
const out = (name: string): ClassInfo => ({ name, role: 'out' });
const home = (name: string, where: string): ClassInfo => ({ name, role: 'home', home: where });
const loose = (name: string, extra: Partial<ClassInfo> = {}): ClassInfo => ({ name, role: 'loose', ...extra });
const fixture = (name: string, extra: Partial<ClassInfo> = {}): ClassInfo => ({ name, role: 'fixture', anchor: true, ...extra });

export const CLASSES: Readonly<Record<CocoLabel, ClassInfo>> = {
  person: ignore,
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
  bird: ignore,
  cat: ignore,
  dog: ignore,
  horse: ignore,
  sheep: ignore,
  cow: ignore,
  elephant: ignore,
  bear: ignore,
  zebra: ignore,
  giraffe: ignore,
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
  couch: fixture('couch', { surface: true }),
  'potted plant': fixture('plant'),
  bed: fixture('bed', { surface: true }),
  'dining table': fixture('table', { surface: true }),
  toilet: ignore,
  tv: fixture('TV'),
  laptop: loose('laptop', { anchor: true }),
  mouse: loose('mouse'),
  remote: loose('remote'),
  keyboard: loose('keyboard', { anchor: true }),
  'cell phone': loose('phone'),
  microwave: fixture('microwave'),
  oven: ignore,
  toaster: fixture('toaster'),
  sink: ignore,
  refrigerator: ignore,
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
