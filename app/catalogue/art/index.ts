import type { ImageView, Product } from "../types";
import { drawGymBag } from "./bags";
import { drawKneePads, drawMouthGuard, drawWaterBottle } from "./gear";
import { drawGi, giFloor } from "./gi";
import { drawGiDetail } from "./gi-detail";
import { drawHoodie } from "./hoodie";
import { drawJournal, drawWashKit } from "./lifestyle";
import { drawEquipmentBag } from "./mesh-bag";
import { drawPatches } from "./patches";
import { drawRashguard } from "./rashguard";
import { drawShorts } from "./shorts";
import { drawSliders } from "./sliders";
import { studioDocument, type Floor } from "./studio";
import { Sketch } from "./svg";
import { drawThaiShorts, drawThaiShortsDetail } from "./thai-shorts";

/**
 * The shop's product photography, drawn: a standalone SVG document for one view of a product,
 * on the shared studio background. Deterministic: the same product and view give the same text.
 */
export function drawProductImage(product: Product, view: ImageView): string {
  const image = product.images.find((i) => i.view === view);
  const sk = new Sketch();
  const side = view === "back" ? "back" : "front";
  const closeUp = view === "detail" ? "detail" : "front";
  let floor: Floor | undefined;
  let content: string;
  switch (product.kind) {
    case "no-gi-set":
      content =
        view === "detail"
          ? drawShorts(sk, product.design, product.group)
          : drawRashguard(sk, product.design, product.group, side);
      break;
    case "gi":
      content = view === "detail" ? drawGiDetail(sk) : drawGi(sk, product.group, side);
      floor = giFloor();
      break;
    case "sliders":
      content = drawSliders(
        sk,
        product.group,
        view === "top" || view === "detail" ? view : "front",
      );
      break;
    case "hoodie":
      content = drawHoodie(sk, product.group, side, product.artColor ?? "#8a8d91");
      break;
    case "thai-shorts": {
      const purple = product.artColor ?? "#5b2a86";
      content =
        view === "detail"
          ? drawThaiShortsDetail(sk, purple)
          : drawThaiShorts(sk, product.group, side, purple);
      break;
    }
    case "gym-bag":
      content = drawGymBag(sk, closeUp);
      break;
    case "equipment-bag":
      content = drawEquipmentBag(sk, closeUp);
      break;
    case "mouth-guard":
      content = drawMouthGuard(sk, closeUp);
      break;
    case "water-bottle":
      content = drawWaterBottle(sk, closeUp);
      floor = { cx: 500, cy: 890, rx: 180, ry: 26 };
      break;
    case "knee-pads":
      content = drawKneePads(sk, closeUp);
      break;
    case "journal":
      content = drawJournal(sk, closeUp);
      break;
    case "patches":
      content = drawPatches(sk, closeUp);
      break;
    case "wash-kit":
      content = drawWashKit(sk, closeUp);
      break;
  }
  return studioDocument(sk, content, {
    title: image?.alt ?? product.name,
    rotation: image?.rotation,
    floor,
  });
}
