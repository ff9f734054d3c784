import sharp from "sharp";
import { imageQueue } from "./image-queue";

// One libvips thread and no operation cache, set once where sharp is first used; with the queue
// below, a process holds at most one photo's decoding memory at a time (review photos, item 12;
// product photos, X-PHOTO-2: several large photos at once keep memory flat).
sharp.concurrency(1);
sharp.cache(false);

/**
 * Every sharp job of this process, review uploads, product photos and drawings alike, one at a
 * time, the owner's first, visitors within their budget (X-SEC-18, `image-queue.ts`).
 */
export const imageWork = imageQueue();
