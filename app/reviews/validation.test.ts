import { describe, expect, it } from "vitest";
import {
  keepAllowedPhotos,
  parseReviewInput,
  REQUIRED_FIELDS_MESSAGE,
  reviewFieldErrors,
  reviewFormProblem,
} from "./validation";
import { PHOTO_URL_PATTERN, thumbnailUrl } from "./photo-urls";

const photo = (n: number) => `/uploads/0000000${n}-1111-4222-8333-444444444444.webp`;
const valid = {
  customer_name: "Sam Rivers",
  customer_email: "sam@example.com",
  rating: 4,
  review_text: "Great rashguard.",
  photo_urls: [photo(1)],
};

const problem = (patch: Record<string, unknown>) => {
  const result = parseReviewInput({ ...valid, ...patch });
  return result.ok ? null : result.message;
};

describe("parseReviewInput", () => {
  it("X-REV-1: accepts a complete review, trims the name and keeps the text as written", () => {
    const result = parseReviewInput({
      ...valid,
      customer_name: "  Sam  ",
      review_text: " <b>hi</b>\n",
    });
    expect(result).toEqual({
      ok: true,
      value: { ...valid, customer_name: "Sam", review_text: " <b>hi</b>\n" },
    });
  });

  it("S-REV-4: photos are optional", () => {
    const result = parseReviewInput({ ...valid, photo_urls: undefined });
    expect(result.ok && result.value.photo_urls).toEqual([]);
  });

  it("S-REV-4 X-REV-1: name 1-80 characters", () => {
    expect(problem({ customer_name: "   " })).toBe("Please enter your name.");
    expect(problem({ customer_name: "n".repeat(81) })).toMatch(/at most 80/);
    expect(problem({ customer_name: "n".repeat(80) })).toBeNull();
    expect(problem({ customer_name: undefined })).toBe("Please enter your name.");
  });

  it("S-REV-4 X-REV-1: a plausible e-mail of at most 254 characters", () => {
    for (const email of ["", "sam", "sam@", "@example.com", "sam@example", "a b@example.com"]) {
      expect(problem({ customer_email: email })).toBe("Please enter a valid e-mail address.");
    }
    expect(problem({ customer_email: `${"a".repeat(250)}@example.com` })).toBe(
      "Please enter a valid e-mail address.",
    );
    expect(problem({ customer_email: " Sam.Rivers+gi@Example.co.uk " })).toBeNull();
  });

  it("S-REV-4 X-REV-1: rating is a whole number from 1 to 5", () => {
    for (const rating of [0, 6, 4.5, "5", null, undefined, Number.NaN]) {
      expect(problem({ rating })).toBe("Please choose a rating from 1 to 5 stars.");
    }
    for (const rating of [1, 5]) expect(problem({ rating })).toBeNull();
  });

  it("S-REV-4 X-REV-1: text 1-2000 characters", () => {
    expect(problem({ review_text: " \n " })).toBe("Please write your review.");
    expect(problem({ review_text: "t".repeat(2001) })).toMatch(/at most 2000/);
    expect(problem({ review_text: "t".repeat(2000) })).toBeNull();
    expect(problem({ review_text: 42 })).toBe("Please write your review.");
  });

  it("S-REV-4 X-REV-3: at most five photos, only this shop's upload URLs, no repeats", () => {
    expect(problem({ photo_urls: [1, 2, 3, 4, 5, 6].map(photo) })).toMatch(/at most 5 photos/);
    expect(problem({ photo_urls: [1, 2, 3, 4, 5].map(photo) })).toBeNull();
    for (const url of [
      "https://evil.example/x.webp",
      "/uploads/../secret.webp",
      "/uploads/x.webp",
      "javascript:alert(1)",
      `${photo(1)}?x`,
      photo(1).replace(".webp", "-thumb.webp"),
      photo(1).replace(".webp", ".svg"),
    ]) {
      expect(problem({ photo_urls: [url] })).toBe("Photos must be uploaded to this shop first.");
    }
    expect(problem({ photo_urls: [photo(1), photo(1)] })).toMatch(/only once/);
    expect(problem({ photo_urls: "x" })).toMatch(/list/);
  });
});

describe("reviewFormProblem", () => {
  const form = { name: "Sam", email: "sam@example.com", rating: 5, text: "Good" };
  it("S-REV-4: every field is required", () => {
    expect(reviewFormProblem(form)).toBeNull();
    expect(reviewFormProblem({ ...form, name: " " })).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(reviewFormProblem({ ...form, email: "" })).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(reviewFormProblem({ ...form, rating: 0 })).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(reviewFormProblem({ ...form, text: "" })).toBe(REQUIRED_FIELDS_MESSAGE);
  });
  it("S-REV-4: an e-mail that cannot be one is named", () => {
    expect(reviewFormProblem({ ...form, email: "sam" })).toBe(
      "Please enter a valid e-mail address.",
    );
  });
});

describe("photos", () => {
  it("S-REV-4: files beyond five are dropped", () => {
    expect(keepAllowedPhotos([1, 2], [3, 4, 5, 6, 7])).toEqual([1, 2, 3, 4, 5]);
    expect(keepAllowedPhotos([1, 2, 3, 4, 5], [6])).toEqual([1, 2, 3, 4, 5]);
  });
  it("S-REV-5: the thumbnail sits beside the photo", () => {
    expect(thumbnailUrl(photo(1))).toBe(photo(1).replace(".webp", "-thumb.webp"));
    expect(PHOTO_URL_PATTERN.test(photo(1))).toBe(true);
  });
});

describe("reviewFieldErrors", () => {
  it("S-REV-4 X-A11Y-2: names each missing or wrong field with its own sentence, none when right", () => {
    expect(reviewFieldErrors({ name: " ", email: "", rating: 0, text: "\n" })).toEqual({
      customer_name: "Please enter your name.",
      customer_email: "Please enter your e-mail address.",
      rating: "Please choose a rating from 1 to 5 stars.",
      review_text: "Please write your review.",
    });
    expect(
      reviewFieldErrors({ name: "Sam", email: "not an address", rating: 6, text: "Good." }),
    ).toEqual({
      customer_email: "Please enter a valid e-mail address.",
      rating: "Please choose a rating from 1 to 5 stars.",
    });
    expect(
      reviewFieldErrors({ name: "Sam", email: "sam@example.com", rating: 5, text: "Good." }),
    ).toEqual({});
  });
});
