import { z } from 'zod';

/**
 * Before and after (issue 13): the photos taken before anything moved are the "before"; photos added once the session
 * is winding down or over are the "after". The stage is decided when photos arrive and logged with them, so a
 * replay never has to guess.
 */
export const PhotoStageSchema = z.enum(['before', 'after']);
export type PhotoStage = z.infer<typeof PhotoStageSchema>;

/** The side, in cells, of a photo's view: the photo shrunk to this many by this many grey levels. */
export const VIEW_SIDE = 16;

/**
 * A photo's view: the photo stretched to VIEW_SIDE x VIEW_SIDE and made grey, the levels (0-255, row by row) in
 * base64. Small enough to keep with every photo, enough to tell whether an after photo shows the same view as a
 * before photo (view.ts).
 */
export const ViewSchema = z.string().regex(new RegExp(`^[A-Za-z0-9+/]{${Math.ceil((VIEW_SIDE * VIEW_SIDE) / 3) * 4 - 2}}==$`), 'a photo’s view (16 x 16 grey levels in base64)');
export type View = z.infer<typeof ViewSchema>;
