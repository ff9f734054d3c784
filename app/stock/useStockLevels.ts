import { useCallback, useEffect, useMemo, useState } from "react";
import type { StockLevels, StockLookup, StockProduct } from "./stock";

/** GET /api/stock's answer: the levels, and the products they name (stocked ones, bundles). */
export interface StockAnswer {
  levels: StockLevels;
  products: Readonly<Record<string, StockProduct>>;
}

/**
 * The shop's stock levels for cart lines (GET /api/stock), read when the component mounts and
 * again on refresh(); undefined until they arrive, so nothing is claimed before they are known.
 * `lookup` finds the products the answer names (for a bundle's items and a short item's name).
 */
export function useStockLevels(): {
  levels: StockLevels | undefined;
  lookup: StockLookup;
  refresh: () => void;
} {
  const [answer, setAnswer] = useState<StockAnswer | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let cancelled = false;
    fetch("/api/stock")
      .then((response) => (response.ok ? response.json() : Promise.reject(response)))
      .then((body: StockAnswer) => !cancelled && setAnswer(body))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [version]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const lookup = useMemo<StockLookup>(() => (id) => answer?.products[id], [answer]);
  return { levels: answer?.levels, lookup, refresh };
}
