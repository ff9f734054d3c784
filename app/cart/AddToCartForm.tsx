import { Minus } from "~/ui/icons/minus";
import { Plus } from "~/ui/icons/plus";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import type { AddFields } from "~/cart/intents";
import { CART_PAGE, cartActions } from "~/cart/store";
import {
  changeOptionType,
  customTextTooLong,
  findOption,
  initialSelection,
  NO_SIZE,
  selectionProblem,
  setNameCustomisation,
  showsCustomText,
  STANDARD_OPTION,
  type Selection,
} from "~/catalogue/options";
import type { Product } from "~/catalogue/types";
import { PERSONALISED_NOTICE } from "~/policy/consumer-rights";
import { unitPricePence } from "~/pricing/lines";
import { formatPence } from "~/pricing/money";
import { CUSTOM_TEXT_MAX, CUSTOM_TEXT_MESSAGE, MAX_LINE_QUANTITY } from "~/shared/cart-limits";
import { StockNotice } from "~/stock/StockNotice";
import { BackInStockForm } from "~/stock/BackInStockSlot";
import { choiceStock, shortMessage, type StockLevels } from "~/stock/stock";
import { ChoiceGroup } from "~/catalogue/components/ChoiceGroup";
import type { SizeFinderSent } from "~/catalogue/components/SizeFinder";
import type { FitMeasure } from "~/catalogue/fit";
import { SizeFinder } from "~/catalogue/components/SizeFinderSlot";

const NO_CHARTS: Record<string, readonly FitMeasure[]> = {};

/** The choices as a form holds them (sent, or in the page before its script ran), over `base`. */
function selectionFrom(
  product: Product,
  base: Selection,
  read: (name: keyof AddFields) => string | undefined,
): Selection {
  const optionType = read("optionType") || base.optionType;
  const quantity = Math.floor(Number(read("quantity")));
  const picked = findOption(product, optionType) ? optionType : base.optionType;
  return {
    optionType: picked,
    size: read("size") ?? base.size,
    beltRank: read("beltRank") ?? base.beltRank,
    color: read("color") ?? base.color,
    customText: read("customText") ?? base.customText,
    nameCustomisation:
      read("nameCustomisation") === undefined
        ? base.nameCustomisation
        : ["true", "on"].includes(read("nameCustomisation")!),
    quantity:
      Number.isFinite(quantity) && quantity >= 1
        ? Math.min(MAX_LINE_QUANTITY, quantity)
        : base.quantity,
  };
}

/**
 * Option, size, rank, colour, name, quantity and Add to Cart (S-PDP-1..7), with stock (X-STK-2).
 * A real form posting to /cart (issue 25, X-PE-1): it adds before the page's script has run and
 * without it; once the script runs it adds in place. `sent` and `refusal` are what a page without
 * JavaScript sent and the server's sentence, shown again with the choices kept.
 */
export function AddToCartForm({
  product,
  stock,
  onColorChange,
  sent,
  refusal,
  finder,
  sizeCharts,
}: {
  product: Product;
  stock: StockLevels;
  /** Told when the customer chooses a colour, so the gallery can show its photos first. */
  onColorChange?: (color: string) => void;
  sent?: AddFields;
  refusal?: string;
  /** What the size finder's form sent without JavaScript, and its answer (X-FIT-1). */
  finder?: SizeFinderSent;
  /** The measures each option's size chart asks for; none: no size finder. */
  sizeCharts?: Record<string, readonly FitMeasure[]>;
}) {
  const [selection, setSelection] = useState<Selection>(() =>
    sent
      ? selectionFrom(product, initialSelection(product), (name) =>
          name === "nameCustomisation" ? String(sent.nameCustomisation) : sent[name],
        )
      : initialSelection(product),
  );
  const [problem, setProblem] = useState<string | null>(refusal ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  // A size picked or a quantity typed before the page's script ran is still in the form: hydration
  // keeps what the page shows, so the choices are read from it before anything renders again
  // (issue 25: choices made before hydration survive it).
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    // A back-in-stock e-mail links to its size (X-FIT-3): ?optionType=&size=&color= chooses it.
    const linked = new URLSearchParams(window.location.search);
    const linkedOption = findOption(product, linked.get("optionType") ?? "");
    const fromLink = (name: string) =>
      linkedOption &&
      (name === "optionType" ||
        (name === "size" && linkedOption.sizes.includes(linked.get("size") ?? "")) ||
        (name === "color" && linkedOption.colors?.includes(linked.get("color") ?? "")))
        ? linked.get(name)
        : null;
    setSelection((current) => {
      const read = selectionFrom(product, current, (name) => {
        const value = fromLink(name) ?? data.get(name);
        if (name === "nameCustomisation") {
          return form.querySelector('input[name="nameCustomisation"]')
            ? String(value === "true")
            : undefined;
        }
        return typeof value === "string" ? value : undefined;
      });
      return JSON.stringify(read) === JSON.stringify(current) ? current : read;
    });
  }, [product]);
  const option = findOption(product, selection.optionType);
  const customText = showsCustomText(option, selection.nameCustomisation)
    ? selection.customText
    : "";
  const available = choiceStock(product, stock, { ...selection, customText });
  const unit = unitPricePence(product, selection.optionType, selection.nameCustomisation);
  const update = (next: Selection) => {
    setSelection(next);
    setProblem(null);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const shortage = available.availability?.kind === "short" ? available.availability : undefined;
    const message =
      selectionProblem(product, selection) ??
      (shortage ? shortMessage(shortage.variant, shortage.left, () => product) : null);
    setProblem(message);
    if (message) return;
    void cartActions
      .add(
        option
          ? {
              productId: product.id,
              optionType: option.type,
              size: selection.size,
              beltRank: option.beltRanks ? selection.beltRank : undefined,
              color: option.colors ? selection.color : undefined,
              customText: showsCustomText(option, selection.nameCustomisation)
                ? selection.customText.trim() || undefined
                : undefined,
              nameCustomisation: option.customPricePence ? selection.nameCustomisation : undefined,
              quantity: selection.quantity,
            }
          : {
              productId: product.id,
              optionType: STANDARD_OPTION,
              size: NO_SIZE,
              quantity: selection.quantity,
            },
        product,
      )
      .then((refused) => {
        if (refused) setProblem(refused);
      });
  };

  const textId = `${product.id}-custom-text`;
  const tooLong = customTextTooLong(customText);
  // The size finder's answer chooses the option and size on the picker (X-FIT-1). The same
  // function at every render, as the charts are the same object: the size finder keeps the
  // server's HTML until its code arrives only while its props stay the same (a changed prop
  // before then makes React drop that HTML and draw it again later, a layout shift; issue 51
  // item 6).
  const onFound = useCallback((optionType: string, size: string) => {
    setSelection((current) => ({
      ...(optionType === current.optionType ? current : changeOptionType(current, optionType)),
      size,
    }));
    setProblem(null);
  }, []);
  return (
    <>
      <SizeFinder
        product={product}
        charts={sizeCharts ?? NO_CHARTS}
        optionType={selection.optionType}
        sent={finder}
        onFound={onFound}
      />
      <form
        ref={formRef}
        method="post"
        action={CART_PAGE}
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-5"
        aria-label="Choose options"
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={product.id} />
        {product.options.length > 1 ? null : (
          <input type="hidden" name="optionType" value={option?.type ?? STANDARD_OPTION} />
        )}
        {option ? null : <input type="hidden" name="size" value={NO_SIZE} />}
        {product.options.length > 1 ? (
          <ChoiceGroup
            legend="Option"
            name="optionType"
            values={product.options.map((o) => o.type)}
            selected={selection.optionType}
            onChange={(type) => update(changeOptionType(selection, type))}
          />
        ) : null}
        {option ? (
          <ChoiceGroup
            legend="Size"
            name="size"
            values={option.sizes}
            selected={selection.size}
            onChange={(size) => update({ ...selection, size })}
            soldOut={available.soldOutSizes}
          />
        ) : null}
        {option?.beltRanks ? (
          <ChoiceGroup
            legend="Belt rank"
            name="beltRank"
            values={option.beltRanks}
            selected={selection.beltRank}
            onChange={(beltRank) => update({ ...selection, beltRank })}
            swatches
          />
        ) : null}
        {option?.colors ? (
          <ChoiceGroup
            legend="Colour"
            name="color"
            values={option.colors}
            selected={selection.color}
            onChange={(color) => {
              update({ ...selection, color });
              onColorChange?.(color);
            }}
            swatches
            soldOut={available.soldOutColors}
          />
        ) : null}
        {option?.customizable && option.customPricePence ? (
          <label className="flex items-center gap-3 text-sm font-semibold">
            <input
              type="checkbox"
              name="nameCustomisation"
              value="true"
              checked={selection.nameCustomisation}
              onChange={(event) => update(setNameCustomisation(selection, event.target.checked))}
              className="size-5 accent-accent"
            />
            Add name customisation (+{formatPence(option.customPricePence)})
          </label>
        ) : null}
        {showsCustomText(option, selection.nameCustomisation) ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={textId} className="text-sm font-semibold">
              {option?.type === "Gi" ? "Name for the lapel" : "Custom text (optional)"}
            </label>
            {/* No maxLength: a longer name is refused with a message, never cut (issue 24). */}
            <input
              id={textId}
              type="text"
              name="customText"
              value={selection.customText}
              autoComplete="off"
              aria-invalid={tooLong || undefined}
              aria-describedby={`${textId}-hint ${tooLong ? `${textId}-error ` : ""}${textId}-notice`}
              onChange={(event) => update({ ...selection, customText: event.target.value })}
              className="rounded border border-ink/30 bg-white px-3 py-2 aria-[invalid=true]:border-accent aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-accent"
            />
            <p id={`${textId}-hint`} className="text-xs text-muted">
              {Array.from(selection.customText).length}/{CUSTOM_TEXT_MAX} characters
            </p>
            {tooLong ? (
              <p id={`${textId}-error`} className="text-sm font-semibold text-accent">
                {CUSTOM_TEXT_MESSAGE}
              </p>
            ) : null}
            <p id={`${textId}-notice`} className="text-xs font-semibold">
              {PERSONALISED_NOTICE}
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <span className="mb-2 block text-sm font-semibold" id={`${product.id}-qty-label`}>
              Quantity
            </span>
            <div
              className="flex items-center rounded border border-ink/30 bg-white"
              role="group"
              aria-labelledby={`${product.id}-qty-label`}
            >
              <button
                type="button"
                className="p-3 disabled:opacity-40"
                aria-label="Decrease quantity"
                disabled={selection.quantity <= 1}
                onClick={() =>
                  update({ ...selection, quantity: Math.max(1, selection.quantity - 1) })
                }
              >
                <Minus aria-hidden="true" className="size-4" />
              </button>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_LINE_QUANTITY}
                step={1}
                aria-label="Quantity"
                name="quantity"
                value={selection.quantity}
                onChange={(event) => {
                  const n = Math.floor(Number(event.target.value));
                  const quantity = Number.isFinite(n) && n >= 1 ? n : 1;
                  update({ ...selection, quantity: Math.min(MAX_LINE_QUANTITY, quantity) });
                }}
                className="w-14 [appearance:textfield] border-x border-ink/15 py-2 text-center font-semibold [&::-webkit-inner-spin-button]:appearance-none"
              />
              <button
                type="button"
                className="p-3 disabled:opacity-40"
                aria-label="Increase quantity"
                disabled={selection.quantity >= MAX_LINE_QUANTITY}
                onClick={() => update({ ...selection, quantity: selection.quantity + 1 })}
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
            </div>
          </div>
          {unit !== undefined ? (
            <p className="pb-2 text-lg">
              <span className="text-muted">{option ? `${option.type}: ` : "Price: "}</span>
              <span className="font-bold" data-testid="option-price">
                {formatPence(unit)}
              </span>
            </p>
          ) : null}
        </div>
        <StockNotice stock={available} />
        <div className="flex flex-col gap-3">
          <button
            type="submit"
            className="rounded bg-accent px-6 py-4 font-display text-xl tracking-wider text-white uppercase hover:bg-accent-dark"
          >
            Add to Cart
          </button>
          <div role="alert" className="min-h-6 text-sm font-semibold text-accent">
            {problem}
          </div>
        </div>
      </form>
      {option ? (
        <BackInStockForm
          productId={product.id}
          optionType={option.type}
          sizes={option.sizes}
          colors={option.colors}
          stock={stock}
        />
      ) : null}
    </>
  );
}
