import { PhotoFactsSchema, type PhotoFacts } from '../../shared/session/schema';
import type { Llm } from '../effects';
import type { TemplateRenderer } from '../templates';

/**
 * The separate vision call for one new photo: structured facts (room type, chaos level, up to ten visible items,
 * the blocked function, a first target). Later prompts use these facts, so the image itself need not be re-sent.
 */
export async function analyzePhoto(
  llm: Llm,
  templates: TemplateRenderer,
  photo: { fileName: string; bytes: Uint8Array },
  signal?: AbortSignal,
): Promise<PhotoFacts | undefined> {
  const response = await llm.generate({
    instructions: templates.render('coach/vision.njk', {}),
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: `Photo: ${photo.fileName}` },
          { type: 'file', mediaType: 'image/jpeg', data: photo.bytes },
        ],
      },
    ],
    tools: {},
    output: PhotoFactsSchema,
    ...(signal ? { signal } : {}),
  });
  const facts = PhotoFactsSchema.safeParse(response.output);
  return facts.success ? facts.data : undefined;
}
