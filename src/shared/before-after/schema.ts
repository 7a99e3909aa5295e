import { z } from 'zod';

/**
 * Before and after (issue 13): the photos taken before anything moved are the "before"; photos added once the session
 * is winding down or over are the "after". The stage is decided when photos arrive and logged with them, so a
 * replay never has to guess.
 */
export const PhotoStageSchema = z.enum(['before', 'after']);
export type PhotoStage = z.infer<typeof PhotoStageSchema>;
