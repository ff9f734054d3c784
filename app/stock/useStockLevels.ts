import { useCallback, useEffect, useState } from "react";
import type { StockLevels } from "./stock";

/**
 * The shop's stock levels for cart lines (GET /api/stock), read when the component mounts and
 * again on refresh(); undefined until they arrive, so nothing is claimed before they are known.
 */
export function useStockLevels(): { levels: StockLevels | undefined; refresh: () => void } {
  const [levels, setLevels] = useState<StockLevels | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let cancelled = false;
    fetch("/api/stock")
      .then((response) => (response.ok ? response.json() : Promise.reject(response)))
      .then((body: { levels: StockLevels }) => !cancelled && setLevels(body.levels))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [version]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return { levels, refresh };
}
