import { createElement, type SVGProps } from "react";

/**
 * The shop's icons (./icons/, one module each, so a page carries only its own): Lucide's drawings (lucide.dev, ISC licence), drawn by one small component
 * instead of lucide-react's runtime, which cost every page about 1.3 KB of gzip for features the
 * shop does not use (a context, sizes, stroke scaling; issue 51 item 5). The markup is Lucide's:
 * a 24 × 24 outline in the current colour, classes `lucide lucide-<name>`, hidden from assistive
 * technology unless it is given a label.
 */
type IconNode = readonly (readonly [
  tag: "path" | "circle" | "rect",
  attributes: Record<string, string>,
])[];
export type IconProps = SVGProps<SVGSVGElement>;
export type Icon = (props: IconProps) => React.ReactNode;

export function icon(name: string, node: IconNode): Icon {
  const drawing = node.map(([tag, attributes], key) => createElement(tag, { key, ...attributes }));
  function LucideIcon({ className, ...props }: IconProps) {
    const labelled = Boolean(props["aria-label"] || props["aria-labelledby"] || props.role);
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`lucide lucide-${name}${className ? ` ${className}` : ""}`}
        aria-hidden={labelled ? undefined : "true"}
        {...props}
      >
        {drawing}
      </svg>
    );
  }
  return LucideIcon;
}
