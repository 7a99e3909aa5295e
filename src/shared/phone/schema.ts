import { z } from 'zod';

/** How long a link to the phone stays open at most (docs/security.md, Photos from a phone). */
export const PHONE_LINK_MINUTES = 15;

/** A phone that sent photos during this opening, as the window lists it. */
export const PhoneSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** What it is, from its browser's own words: "iPhone", "Android phone", "iPad", or "Phone". */
  name: z.string().min(1).max(40),
  /** Photos that joined the session from it. */
  photos: z.int().nonnegative(),
  /** Photos it sent that were already there. */
  duplicates: z.int().nonnegative(),
  /** What it sent that could not be imported, with why (a file name and a reason), newest last. */
  problems: z.array(z.object({ file: z.string(), message: z.string() })).max(20),
  /** The window ended its connection: nothing more is taken from it in this opening. */
  ended: z.boolean(),
});
export type Phone = z.infer<typeof PhoneSchema>;

/**
 * The link to a phone: closed (nothing listens); no network (this computer has no private network address, so no
 * phone could reach it); failed (the listener could not start); or open, with the address the QR code carries.
 */
export const PhoneLinkSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('closed') }),
  z.object({ status: z.literal('noNetwork') }),
  z.object({ status: z.literal('failed'), message: z.string() }),
  z.object({
    status: z.literal('open'),
    /** The upload page, its one-time token included: what the QR code says. */
    url: z.url({ protocol: /^http$/ }),
    /** The QR code of `url`, row by row, `1` for a dark module (quiet zone not included). */
    qr: z.array(z.string().regex(/^[01]+$/)).min(21).max(177),
    /** When it closes by itself. */
    closesAt: z.iso.datetime(),
    phones: z.array(PhoneSchema),
  }),
]);
export type PhoneLink = z.infer<typeof PhoneLinkSchema>;
