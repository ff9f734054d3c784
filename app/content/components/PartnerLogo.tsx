import type { Partner } from "../customisation";

/** A small emblem for each partner, drawn in a 48 x 48 box at the left of the wordmark. */
function Emblem({ emblem, colour }: Pick<Partner, "emblem" | "colour">) {
  switch (emblem) {
    case "wave":
      return (
        <g>
          <circle cx="24" cy="24" r="23" fill={colour} />
          <path
            d="M6 28c5-6 9-6 13 0s8 6 12 0 8-6 11 0M6 35c5-6 9-6 13 0s8 6 12 0 8-6 11 0"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
          />
          <path d="M24 8v12M20 12h8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        </g>
      );
    case "hex":
      return (
        <g>
          <path d="M24 1l20 11.5v23L24 47 4 35.5v-23z" fill={colour} />
          <path
            d="M15 17h18M15 24h18M15 31h18"
            stroke="#c8102e"
            strokeWidth="3.5"
            strokeLinecap="round"
          />
        </g>
      );
    case "glove":
      return (
        <g>
          <path d="M24 2l21 8v13c0 12-9 20-21 24C12 43 3 35 3 23V10z" fill={colour} />
          <path
            d="M16 32V20a4 4 0 018 0v-2a4 4 0 018 0v14a6 6 0 01-6 6h-4a6 6 0 01-6-6z"
            fill="#fff"
          />
          <path d="M16 26h16" stroke={colour} strokeWidth="2" />
        </g>
      );
    case "knot":
      return (
        <g>
          <circle cx="24" cy="24" r="23" fill="none" stroke={colour} strokeWidth="3" />
          <rect x="6" y="18" width="36" height="8" rx="1.5" fill={colour} />
          <rect x="19" y="15" width="10" height="14" rx="2" fill="#0b0b0c" />
          <path d="M21 29l-5 11h5l3-8 3 8h5l-5-11z" fill={colour} />
        </g>
      );
  }
}

/** Splits a long name over two lines so every wordmark fits the same box. */
function nameLines(name: string): string[] {
  if (name.length <= 14) return [name];
  const words = name.split(" ");
  const half = Math.max(1, Math.floor(words.length / 2));
  return [words.slice(0, half).join(" "), words.slice(half).join(" ")];
}

/** A partner academy's wordmark, drawn inline (role="img" with the academy's name). */
export function PartnerLogo({ partner }: { partner: Partner }) {
  const lines = nameLines(partner.name.toUpperCase());
  const firstBaseline = lines.length === 1 ? 38 : 30;
  return (
    <svg
      role="img"
      aria-label={`${partner.name} logo`}
      viewBox="0 0 260 72"
      className="h-auto w-full max-w-64"
    >
      <g transform="translate(4 12)">
        <Emblem emblem={partner.emblem} colour={partner.colour} />
      </g>
      <g fontFamily="Oswald, 'Arial Narrow', Arial, sans-serif" fill="#0b0b0c">
        {lines.map((line, index) => (
          <text
            key={line}
            x="64"
            y={firstBaseline + index * 22}
            fontSize="21"
            fontWeight="700"
            letterSpacing="1"
          >
            {line}
          </text>
        ))}
        <text
          x="64"
          y={firstBaseline + (lines.length - 1) * 22 + 17}
          fontSize="11"
          fill="#5c5b57"
          letterSpacing="2.5"
        >
          {partner.town.toUpperCase()}
        </text>
      </g>
    </svg>
  );
}
