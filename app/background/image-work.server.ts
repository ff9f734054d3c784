import sharp from "sharp";
import { oneAtATime } from "./one-at-a-time";

// One libvips thread and no operation cache, set once where sharp is first used; with the queue
// below, a process holds at most one photo's decoding memory at a time (review photos, item 12;
// product photos, X-PHOTO-2: several large photos at once keep memory flat).
sharp.concurrency(1);
sharp.cache(false);

/** Every sharp job of this process, review uploads and product photos alike, one at a time. */
export const imageWork = oneAtATime();
