import { useRef, type ReactElement } from 'react';
import { filesFromInput } from './collect';
import type { PhotoIntake } from './intake';

/**
 * Choosing photos by hand: the desktop's own picker in the window, a hidden file input in a browser (a whole folder,
 * or single images). Either way the photos go through the intake like dropped ones.
 */
export function usePhotoPicker(intake: PhotoIntake, choose: 'folder' | 'images'): { open: () => void; input: ReactElement } {
  const ref = useRef<HTMLInputElement>(null);
  const open = () => (intake.canPick ? void intake.pick() : ref.current?.click());
  const input = (
    <input
      ref={ref}
      type="file"
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      multiple
      {...(choose === 'folder' ? { webkitdirectory: '' } : { accept: 'image/*' })}
      onChange={(event) => {
        const files = event.currentTarget.files;
        if (files) void intake.add(filesFromInput(files));
        event.currentTarget.value = '';
      }}
    />
  );
  return { open, input };
}
