import { AskFirst } from "~/ui/AskFirst";
import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { PRODUCT_PHOTO_LIMITS } from "~/shared/limits";
import { Button } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import { PHOTO_ACCEPT } from "./photo-rules";
import type { OwnerPhoto } from "./urls";

function ColorSelect({ colors, value }: { colors: readonly string[]; value: string | null }) {
  if (colors.length === 0) return null;
  return (
    <SelectField label="Colour" name="color" defaultValue={value ?? ""}>
      <option value="">Every colour</option>
      {colors.map((color) => (
        <option key={color} value={color}>
          {color}
        </option>
      ))}
    </SelectField>
  );
}

function PhotoPreview({ photo }: { photo: OwnerPhoto }) {
  if (photo.status === "ready" && photo.urls?.webp[0]) {
    const small = photo.urls.webp[0];
    return (
      <img
        src={small.url}
        alt=""
        width={small.width}
        height={small.height}
        loading="lazy"
        className="aspect-square w-full rounded-md bg-stone object-cover"
      />
    );
  }
  return (
    <div className="flex aspect-square w-full items-center justify-center rounded-md bg-stone p-2 text-center text-sm font-semibold">
      {photo.status === "failed"
        ? "This photo could not be processed. Delete it and upload it again."
        : "Processing…"}
    </div>
  );
}

function PhotoItem({
  photo,
  n,
  count,
  colors,
}: {
  photo: OwnerPhoto;
  n: number;
  count: number;
  colors: readonly string[];
}) {
  const label = `Photo ${n + 1}`;
  return (
    <li className="grid gap-3 rounded-md border border-ink/15 p-3 sm:grid-cols-[8rem_1fr]">
      <div className="w-32 max-w-full">
        <PhotoPreview photo={photo} />
        <p className="mt-1 text-sm font-semibold">{label}</p>
      </div>
      <div className="space-y-3">
        <Form method="post" className="space-y-3" aria-label={`${label}: description and colour`}>
          <input type="hidden" name="intent" value="photo-save" />
          <input type="hidden" name="photoId" value={photo.id} />
          <Field
            label="Description (alt text)"
            name="alt"
            required
            maxLength={PRODUCT_PHOTO_LIMITS.alt}
            defaultValue={photo.alt}
          />
          <ColorSelect colors={colors} value={photo.color} />
          <Button variant="secondary">Save {label.toLowerCase()}</Button>
        </Form>
        <div className="flex flex-wrap gap-2">
          {(["earlier", "later"] as const)
            // Only the moves there are: the first photo has no "earlier", the last no "later".
            .filter((direction) => (direction === "earlier" ? n > 0 : n < count - 1))
            .map((direction) => (
              <Form method="post" key={direction}>
                <input type="hidden" name="intent" value="photo-move" />
                <input type="hidden" name="photoId" value={photo.id} />
                <input type="hidden" name="direction" value={direction} />
                <Button variant="quiet" aria-label={`Move ${direction} (${label.toLowerCase()})`}>
                  Move {direction}
                </Button>
              </Form>
            ))}
          <AskFirst
            open="Delete"
            openLabel={`Delete ${label.toLowerCase()}`}
            fields={{ intent: "photo-delete", photoId: photo.id }}
            doIt={`Delete ${label.toLowerCase()} for good`}
          >
            <p>
              This deletes {label.toLowerCase()} (&ldquo;{photo.alt}&rdquo;) from the shop and its
              files for good. It cannot be undone.
            </p>
          </AskFirst>
        </div>
      </div>
    </li>
  );
}

/**
 * The product's photos on its owner page (X-PHOTO-1): upload (a plain multipart form, so it works
 * without JavaScript), the list in the shop's order with "Processing…" until each is ready, and
 * per photo its alt text, colour, place and delete. With JavaScript, the page looks again every
 * two seconds while a photo is processing.
 */
export function PhotoManager({
  photos,
  colors,
}: {
  photos: readonly OwnerPhoto[];
  colors: readonly string[];
}) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const processing = photos.some((photo) => photo.status === "processing");
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);
  const full = photos.length >= PRODUCT_PHOTO_LIMITS.perProduct;
  const uploading = navigation.formEncType === "multipart/form-data";
  return (
    <section
      aria-labelledby="photos-heading"
      className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5"
    >
      <h2 id="photos-heading" className="font-display text-xl font-bold uppercase">
        Photos
      </h2>
      <p className="text-sm text-muted">
        The shop shows these in this order, before any drawing: JPEG, PNG, WebP or AVIF, up to{" "}
        {PRODUCT_PHOTO_LIMITS.bytes / 1024 / 1024} MB each and {PRODUCT_PHOTO_LIMITS.perProduct} a
        product. Location and camera details are removed.
      </p>
      {photos.length ? (
        <ol className="space-y-3" aria-label="Photos in the shop's order">
          {photos.map((photo, n) => (
            <PhotoItem key={photo.id} photo={photo} n={n} count={photos.length} colors={colors} />
          ))}
        </ol>
      ) : (
        <p>No photos yet: the shop shows the drawing.</p>
      )}
      {full ? (
        <p className="font-semibold">
          This product has {PRODUCT_PHOTO_LIMITS.perProduct} photos. Delete one to add another.
        </p>
      ) : (
        <Form
          // A fresh, empty form after each photo added.
          key={photos.length}
          method="post"
          encType="multipart/form-data"
          className="grid gap-3 rounded-md border border-dashed border-ink/30 p-4 sm:grid-cols-2"
          aria-label="Add a photo"
        >
          <h3 className="font-semibold sm:col-span-2">Add a photo</h3>
          <Field
            label="Photo"
            name="file"
            type="file"
            accept={PHOTO_ACCEPT}
            required
            className="sm:col-span-2"
          />
          <Field
            label="Description (alt text)"
            name="alt"
            required
            maxLength={PRODUCT_PHOTO_LIMITS.alt}
            hint="What a customer who cannot see it should know, e.g. Grey hoodie, back print."
          />
          <ColorSelect colors={colors} value={null} />
          <div className="sm:col-span-2">
            <Button busy={uploading}>{uploading ? "Uploading…" : "Add photo"}</Button>
          </div>
        </Form>
      )}
    </section>
  );
}
