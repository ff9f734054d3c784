import type { DesignId } from "./types";

export interface Design {
  id: DesignId;
  name: string;
  /** One line on what the design is, used in product copy and alt text. */
  story: string;
  motif: string;
}

export const DESIGNS: Record<DesignId, Design> = {
  england: {
    id: "england",
    name: "England",
    story:
      "A clean white base carrying the red St George's cross, cut for athletes who compete under the flag.",
    motif: "a red St George's cross on white",
  },
  "boro-beast": {
    id: "boro-beast",
    name: "Boro Beast",
    story:
      "Teesside red with a horned beast head across the chest: a nod to the hard-grafting clubs of Middlesbrough.",
    motif: "a white horned beast head on red",
  },
  "ranked-gorilla": {
    id: "ranked-gorilla",
    name: "Ranked Gorilla",
    story:
      "A black base with our gorilla mark and a sleeve stripe in the colour of your belt, so the rash matches the rank you earned.",
    motif: "a gorilla mark with a belt-coloured sleeve stripe on black",
  },
  "lets-wrestle": {
    id: "lets-wrestle",
    name: "Lets Wrestle",
    story:
      "Royal blue with bold gold lettering and a pair of grappling figures: for the ones who love the scramble.",
    motif: "gold “LET'S WRESTLE” lettering and grappling figures on royal blue",
  },
  "redcar-bjj": {
    id: "redcar-bjj",
    name: "Redcar BJJ",
    story:
      "North Sea teal with a rolling wave and the Redcar Beacon, made with and for our home academy on the coast.",
    motif: "a sea wave and beacon on teal",
  },
  "grip-truth": {
    id: "grip-truth",
    name: "Grip Truth",
    story: "Our house design: the Grip Truth wordmark in red on a dark, no-nonsense base.",
    motif: "the Grip Truth wordmark",
  },
};

export const NO_GI_DESIGNS: readonly DesignId[] = [
  "england",
  "boro-beast",
  "ranked-gorilla",
  "lets-wrestle",
  "redcar-bjj",
];
