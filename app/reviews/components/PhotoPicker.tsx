import { ImagePlus } from "~/ui/icons/image-plus";
import { X } from "~/ui/icons/x";
import { useEffect, useId, useRef } from "react";
import { ACCEPTED_IMAGE_MIME } from "../image-type";
import { keepAllowedPhotos, MAX_PHOTOS } from "../validation";

export interface ChosenPhoto {
  key: string;
  file: File;
  preview: string;
}

/** Up to five images with previews and remove buttons; files beyond five are dropped (S-REV-4). */
export function PhotoPicker({
  photos,
  onChange,
  disabled,
}: {
  photos: readonly ChosenPhoto[];
  onChange: (next: ChosenPhoto[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  // Free the preview URLs when the form goes away.
  useEffect(() => () => latest.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const add = (files: FileList | null) => {
    const images = Array.from(files ?? []).filter((f) => f.type.startsWith("image/"));
    const added = images.map((file) => ({
      key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
      file,
      preview: URL.createObjectURL(file),
    }));
    const kept = keepAllowedPhotos(photos, added);
    added.filter((p) => !kept.includes(p)).forEach((p) => URL.revokeObjectURL(p.preview));
    onChange(kept);
    if (inputRef.current) inputRef.current.value = "";
  };

  const remove = (photo: ChosenPhoto) => {
    URL.revokeObjectURL(photo.preview);
    onChange(photos.filter((p) => p !== photo));
  };

  const full = photos.length >= MAX_PHOTOS;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Photos <span className="font-normal text-muted">(optional, up to {MAX_PHOTOS})</span>
      </label>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <span className="relative inline-flex">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={ACCEPTED_IMAGE_MIME}
            multiple
            disabled={disabled || full}
            onChange={(event) => add(event.currentTarget.files)}
            aria-describedby={`${id}-count`}
            className="peer absolute inset-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
          />
          <span
            aria-hidden="true"
            className="inline-flex min-h-11 items-center gap-2 rounded border border-ink/25 bg-white px-4 text-sm font-semibold peer-hover:border-ink peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:opacity-50"
          >
            <ImagePlus className="size-4" />
            Add photos
          </span>
        </span>
        <span id={`${id}-count`} className="text-sm text-muted" aria-live="polite">
          {photos.length} of {MAX_PHOTOS} photos
        </span>
      </div>
      {photos.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="Chosen photos">
          {photos.map((photo, i) => (
            <li key={photo.key} className="relative">
              <img
                src={photo.preview}
                alt={`Chosen photo ${i + 1}: ${photo.file.name}`}
                width={80}
                height={80}
                className="size-20 rounded-md bg-stone object-cover ring-1 ring-stone"
              />
              <button
                type="button"
                onClick={() => remove(photo)}
                disabled={disabled}
                aria-label={`Remove photo ${i + 1} (${photo.file.name})`}
                className="absolute -top-2 -right-2 flex size-7 items-center justify-center rounded-full bg-ink text-paper shadow hover:bg-accent"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
