/**
 * A small drawn product picture per demo product, 240×240 WebP, in one visual language:
 *  - the pack shows the form (box and blister, pill bottle, strip, tube, syrup bottle, cream tube…);
 *  - a round badge in the top-left corner shows the kind of medicine (pain, infection, malaria, heart,
 *    vitamins…, KIND_OF_CATEGORY), on a background tinted for that kind;
 *  - each product of a form gets its own pack colour, tablet look and layout, handed out in catalogue
 *    order so that no two medicines share a pack (a hash would let two collide);
 *  - a tab in the top-right corner in the colour of the medicine's class (CLASS_MARK): red for
 *    prescription-only, amber for pharmacy-only, green for over the counter.
 * No text in the SVG: fonts are not guaranteed where the seed runs. Same product in, same bytes out.
 */
import sharp from "sharp";
import type { ProductCategory } from "../../app/lib/categories";
import { CATALOGUE, type ProductForm, type SeedProduct } from "./catalogue";

const SIZE = 240;

/** FNV-1a: tiny, stable across runs and platforms (unlike anything seeded from Math.random). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** hsl → #rrggbb, because hex colours are the one format every SVG renderer agrees on. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** What a medicine is for, as the badge shows it. */
type Kind =
  | "pain"
  | "allergy"
  | "infection"
  | "malaria"
  | "heart"
  | "diabetes"
  | "gut"
  | "mind"
  | "vitamin"
  | "blood"
  | "breathing"
  | "eye"
  | "hormone"
  | "skin"
  | "teeth"
  | "cancer"
  | "worm"
  | "care";

export const KIND_OF_CATEGORY: Record<ProductCategory, Kind> = {
  Analgesics: "pain",
  Nonsteroidal: "pain",
  "Anti-inflamatory": "pain",
  "Joints and Bone Support Drugs": "pain",
  Antispasmodics: "pain",
  "Anti Allergy": "allergy",
  Antibiotics: "infection",
  Antiviral: "infection",
  Antiretrovirals: "infection",
  "Anti-Fungal": "infection",
  Vaccines: "infection",
  "Anti-Malaria": "malaria",
  "Cardiovascular Health Drugs": "heart",
  "Lipid Lowering Drugs": "heart",
  Diuretics: "heart",
  "Anti-Diabetic Drugs": "diabetes",
  "Anti-Ulcer": "gut",
  "Anti-Diarrhea": "gut",
  Laxatives: "gut",
  Probiotic: "gut",
  "Oral Rehydration": "gut",
  "Liver Supplements": "gut",
  Anticonvulsants: "mind",
  Antidepressants: "mind",
  Antipsychotics: "mind",
  Sedatives: "mind",
  "Sleep Aid": "mind",
  "Wellbeing / Dietary Supplements": "vitamin",
  Antioxidant: "vitamin",
  "Appetite Stimulants": "vitamin",
  "Body Builder": "vitamin",
  "Weight Loss Supplements": "vitamin",
  Featured: "vitamin",
  Hematinic: "blood",
  "Iron Supplements": "blood",
  "Respiratory Health": "breathing",
  "Cough and Cold Drugs": "breathing",
  Lozenges: "breathing",
  "Eye Supplements & Drugs": "eye",
  "Eye, Ear & Nose Drops & Ointments": "eye",
  Contraceptives: "hormone",
  "Feminine Hygiene & Suppositories": "hormone",
  "Sexual Wellness / Fertility Drugs": "hormone",
  Antiandrogens: "hormone",
  Antithyroidism: "hormone",
  "Topical Preparations": "skin",
  "Beauty and Cosmetics": "skin",
  "Antiseptic Liquid": "skin",
  "Wound Dressing": "skin",
  Lubricant: "hormone",
  "Oral and Dental Care": "teeth",
  "Anti-Cancer": "cancer",
  "Oncology Drugs": "cancer",
  Immunosuppressants: "care",
  Inhibitors: "care",
  "Worm Expeller": "worm",
  Infusion: "care",
  "Injection I.M/I.V": "care",
  "Medical & Hospital Equipment": "care",
  "Emergency Poisoning Treatment": "care",
  Control: "care",
  General: "care",
};

/** Each kind's hue: the badge's symbol and the background's tint. */
const KIND_HUE: Record<Kind, number> = {
  pain: 8,
  allergy: 320,
  infection: 140,
  malaria: 95,
  heart: 352,
  diabetes: 200,
  gut: 30,
  mind: 255,
  vitamin: 42,
  blood: 0,
  breathing: 190,
  eye: 215,
  hormone: 290,
  skin: 170,
  teeth: 205,
  cancer: 330,
  worm: 75,
  care: 220,
};

/** A colour as hue, saturation and lightness. */
type Hsl = { hue: number; saturation: number; lightness: number };

/** The colours packs are made of: 12 hues, each deep and bright. */
const BASE_COLOURS: Hsl[] = [38, 58].flatMap((lightness) =>
  Array.from({ length: 12 }, (_, i) => ({ hue: i * 30, saturation: 70, lightness })),
);

/** CIELAB of an HSL colour (D65), where distance is roughly what the eye sees. */
function lab({ hue, saturation, lightness }: Hsl): [number, number, number] {
  const hex = hsl(hue, saturation, lightness);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** The base colours in farthest-first order: each the one most unlike all before it. */
const FARTHEST_FIRST: Hsl[] = (() => {
  const points = BASE_COLOURS.map(lab);
  const delta = (i: number, j: number) =>
    Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1], points[i][2] - points[j][2]);
  const order = [0];
  while (order.length < points.length) {
    let best = -1;
    let bestDistance = -1;
    for (let i = 0; i < points.length; i++) {
      if (order.includes(i)) continue;
      const distance = Math.min(...order.map((j) => delta(i, j)));
      if (distance > bestDistance) [best, bestDistance] = [i, distance];
    }
    order.push(best);
  }
  return order.map((i) => BASE_COLOURS[i]);
})();

/**
 * The slot-th pack of a group: its body colour the slot-th base colour in farthest-first order (so the
 * first packs of a group are as unlike as can be, and no two share a body until all 24 are used), and a
 * second colour (cap, band, pill half) well away from it, which also differs between packs whose body
 * colours are neighbours.
 */
function packLook(slot: number): { main: Hsl; second: Hsl } {
  const n = FARTHEST_FIRST.length;
  return {
    main: FARTHEST_FIRST[slot % n],
    second: FARTHEST_FIRST[(slot + 7 + 5 * Math.floor(slot / n)) % n],
  };
}

/** Tablets: colour and shape of the pills themselves. */
const PILLS = [
  { fill: "#ffffff", shape: "round" },
  { fill: "#fde68a", shape: "round" },
  { fill: "#fbcfe8", shape: "oval" },
  { fill: "#ffffff", shape: "caplet" },
  { fill: "#fdba74", shape: "oval" },
  { fill: "#bfdbfe", shape: "caplet" },
] as const;
type Pill = { fill: string; shape: "round" | "oval" | "caplet" | "capsule"; second?: string };

type Palette = {
  bg: string;
  halo: string;
  shadow: string;
  main: string;
  dark: string;
  light: string;
  accent: string;
  glass: string;
  white: string;
  silver: string;
  steel: string;
  screen: string;
};

/** Per-product knobs, so every choice is reproducible. */
type Variant = { bits: number; tilt: number; slot: number; pill: Pill };

/**
 * Pack designs per form, handed out in turn along the catalogue: with fewer products per design, each
 * design's products can all have clearly different colours.
 */
const DESIGNS = {
  tablet: ["box", "bottle", "strip", "carton", "tub"],
  capsule: ["loose", "pot"],
  syrup: ["cup", "carton"],
  bottle: ["tall", "pump"],
} as const satisfies Partial<Record<ProductForm, readonly string[]>>;
type Design =
  | (typeof DESIGNS)[keyof typeof DESIGNS][number]
  /** Tablets by their name: effervescent ones in a tube, lozenges in a tin. */
  | "tube"
  | "tin"
  | "standard";

/** The catalogue's products of this form, for handing out looks in order (none outside it today). */
const byForm = (form: ProductForm) => CATALOGUE.filter((p) => p.form === form);

const namedDesign = (product: SeedProduct): Design | null =>
  product.form !== "tablet"
    ? null
    : /effervescent|\(tube/i.test(product.name)
      ? "tube"
      : /lozenge/i.test(product.name)
        ? "tin"
        : null;

function designOf(product: SeedProduct): Design {
  const named = namedDesign(product);
  if (named) return named;
  const designs: readonly Design[] | undefined = (DESIGNS as Partial<Record<ProductForm, readonly Design[]>>)[
    product.form
  ];
  if (!designs) return "standard";
  const turn = byForm(product.form).filter((p) => !namedDesign(p));
  const index = turn.findIndex((p) => p.name === product.name);
  return designs[(index >= 0 ? index : hash(product.name)) % designs.length];
}

/**
 * A product's place among the products drawn with the same form and design: its pack colours (the
 * packLook), so no two of them share a look. Outside the catalogue: the name's hash.
 */
function slotOf(product: SeedProduct, design: Design): number {
  const group = byForm(product.form).filter((p) => designOf(p) === design);
  const index = group.findIndex((p) => p.name === product.name);
  return index >= 0 ? index : hash(product.name);
}

function paletteFor(product: SeedProduct): {
  palette: Palette;
  variant: Variant;
  kind: Kind;
  design: Design;
} {
  const kind = KIND_OF_CATEGORY[product.category];
  const base = KIND_HUE[kind];
  const bits = hash(product.name);
  const design = designOf(product);
  const slot = slotOf(product, design);
  const { main, second } = packLook(slot);
  const { hue, saturation, lightness } = main;
  return {
    kind,
    design,
    palette: {
      bg: hsl(base, 70, 95),
      halo: hsl(base, 60, 88),
      shadow: hsl(base, 25, 80),
      main: hsl(hue, saturation, lightness),
      dark: hsl(hue, saturation, Math.max(lightness - 14, 18)),
      light: hsl(hue, 65, 84),
      accent: hsl(second.hue, second.saturation, second.lightness),
      glass: hsl(hue, 35, 93),
      white: "#ffffff",
      silver: "#dde3ea",
      steel: "#a7b1bf",
      screen: hsl(hue, 30, 22),
    },
    variant: { bits, tilt: ((bits >>> 12) % 11) - 5, slot, pill: PILLS[slot % PILLS.length] },
  };
}

type Draw = (p: Palette, v: Variant, design: Design) => string;

/** The kind's symbol, drawn in a 24-unit box centred on (0,0). */
const SYMBOL: Record<Kind, (ink: string) => string> = {
  pain: (ink) => `<path d="M3 -12L-8 2h6l-3 10l11 -14h-6z" fill="${ink}"/>`,
  allergy: (ink) =>
    [0, 72, 144, 216, 288]
      .map((a) => {
        const r = (a * Math.PI) / 180;
        return `<circle cx="${(6.5 * Math.sin(r)).toFixed(2)}" cy="${(-6.5 * Math.cos(r)).toFixed(2)}" r="4.6" fill="${ink}"/>`;
      })
      .join("") + `<circle r="3.4" fill="#ffffff"/>`,
  infection: (ink) =>
    Array.from({ length: 8 }, (_, i) => {
      const r = (i * Math.PI) / 4;
      const [x1, y1, x2, y2] = [6 * Math.cos(r), 6 * Math.sin(r), 10 * Math.cos(r), 10 * Math.sin(r)];
      return `<path d="M${x1.toFixed(2)} ${y1.toFixed(2)}L${x2.toFixed(2)} ${y2.toFixed(2)}" stroke="${ink}" stroke-width="2"/><circle cx="${x2.toFixed(2)}" cy="${y2.toFixed(2)}" r="1.8" fill="${ink}"/>`;
    }).join("") +
    `<circle r="6.5" fill="${ink}"/><circle cx="-2" cy="-1.5" r="1.6" fill="#ffffff"/><circle cx="2.2" cy="2" r="1.2" fill="#ffffff"/>`,
  malaria: (ink) =>
    `<ellipse cx="-5" cy="-4" rx="6" ry="2.6" transform="rotate(35 -5 -4)" fill="${ink}" opacity=".55"/>` +
    `<ellipse cx="5" cy="-4" rx="6" ry="2.6" transform="rotate(-35 5 -4)" fill="${ink}" opacity=".55"/>` +
    `<ellipse cy="3" rx="2.2" ry="7.5" fill="${ink}"/><circle cy="-6" r="2.6" fill="${ink}"/>` +
    `<path d="M0 -8v-4M-2 1l-7 5M2 1l7 5M-2 5l-5 7M2 5l5 7" stroke="${ink}" stroke-width="1.4" stroke-linecap="round"/>`,
  heart: (ink) =>
    `<path d="M0 10C-13 1-10-10-3.5-9C-1.5-9 0-7 0-5.5C0-7 1.5-9 3.5-9C10-10 13 1 0 10z" fill="${ink}"/>`,
  diabetes: (ink) =>
    `<path d="M0 -12C5 -5 8 -1 8 4A8 8 0 0 1 -8 4C-8 -1 -5 -5 0 -12z" fill="${ink}"/>` +
    `<path d="M-3.5 3a3.5 3.5 0 0 0 3.5 3.5" stroke="#ffffff" stroke-width="1.8" fill="none" stroke-linecap="round"/>`,
  gut: (ink) =>
    `<path d="M-3 -12C-3 -5-10 -3-10 3C-10 9-4 12 2 10C8 8 11 3 9 -3C7 -7 2 -6 2 -12z" fill="${ink}"/>` +
    `<path d="M-4 2C-1 5 3 5 5 1" stroke="#ffffff" stroke-width="1.8" fill="none" stroke-linecap="round"/>`,
  mind: (ink) =>
    `<path d="M3 -11A11 11 0 1 0 11 5A8.5 8.5 0 0 1 3 -11z" fill="${ink}"/>` +
    `<path d="M8 -9l1 2.2 2.2 .5-1.7 1.5.4 2.3-1.9-1.2-1.9 1.2.4-2.3-1.7-1.5 2.2-.5z" fill="${ink}"/>`,
  vitamin: (ink) =>
    `<circle r="11" fill="${ink}"/><circle r="8.5" fill="#ffffff"/><circle r="7" fill="${ink}" opacity=".75"/>` +
    Array.from({ length: 6 }, (_, i) => {
      const r = (i * Math.PI) / 3;
      return `<path d="M0 0L${(7.5 * Math.cos(r)).toFixed(2)} ${(7.5 * Math.sin(r)).toFixed(2)}" stroke="#ffffff" stroke-width="1.4"/>`;
    }).join(""),
  blood: (ink) =>
    `<path d="M-3 -12C1 -6 4 -3 4 1A7 7 0 0 1 -10 1C-10 -3 -7 -6 -3 -12z" fill="${ink}"/>` +
    `<path d="M6 -2C8.5 1.5 10.5 3.5 10.5 6A4.5 4.5 0 0 1 1.5 6C1.5 3.5 3.5 1.5 6 -2z" fill="${ink}" opacity=".6"/>`,
  breathing: (ink) =>
    `<path d="M-1.5 -6C-6 -8-11 0-11 6C-11 10-7 11-3 9C-1.5 8-1.5 2-1.5 -6z" fill="${ink}"/>` +
    `<path d="M1.5 -6C6 -8 11 0 11 6C11 10 7 11 3 9C1.5 8 1.5 2 1.5 -6z" fill="${ink}"/>` +
    `<path d="M0 -12V-3M0 -3l-3 4M0 -3l3 4" stroke="${ink}" stroke-width="2.2" stroke-linecap="round"/>`,
  eye: (ink) =>
    `<path d="M-12 0C-6 -8 6 -8 12 0C6 8 -6 8 -12 0z" fill="${ink}"/><circle r="4.6" fill="#ffffff"/><circle r="2.3" fill="${ink}"/>`,
  hormone: (ink) =>
    `<circle cy="-4" r="6" stroke="${ink}" stroke-width="3" fill="none"/>` +
    `<path d="M0 2v10M-4.5 7.5h9" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>`,
  skin: (ink) =>
    `<path d="M-2 -12Q0 -3 9 -1Q0 1-2 10Q-4 1-13 -1Q-4 -3-2 -12z" fill="${ink}"/>` +
    `<path d="M8 4Q9 7 12 8Q9 9 8 12Q7 9 4 8Q7 7 8 4z" fill="${ink}"/>`,
  teeth: (ink) =>
    `<path d="M-8 -10C-4 -12-1 -9 0 -9C1 -9 4 -12 8 -10C12 -8 10 -1 8 3C7 7 6 11 3.5 11C1 11 1.5 5 0 5C-1.5 5-1 11-3.5 11C-6 11-7 7-8 3C-10 -1-12 -8-8 -10z" fill="${ink}"/>`,
  cancer: (ink) =>
    `<path d="M-6.5 11L2 -3C5 -8 3 -11.5 0 -11.5C-3 -11.5-5 -8-2 -3L6.5 11" stroke="${ink}" stroke-width="3.6" fill="none" stroke-linejoin="round"/>`,
  worm: (ink) =>
    `<path d="M-10 5C-7 -4-3 -4 0 2C3 8 7 8 10 -1" stroke="${ink}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
    `<circle cx="10.5" cy="-2" r="1" fill="#ffffff"/>`,
  care: (ink) => `<path d="M-3.5 -11h7v7.5h7.5v7h-7.5v7.5h-7v-7.5h-7.5v-7h7.5z" fill="${ink}"/>`,
};

/** The corner badge that says what the medicine is for. */
function kindBadge(kind: Kind): string {
  const ink = hsl(KIND_HUE[kind], 70, 40);
  return (
    `<circle cx="36" cy="36" r="25" fill="#ffffff" stroke="${hsl(KIND_HUE[kind], 55, 75)}" stroke-width="3"/>` +
    `<g transform="translate(36 36) scale(1.45)">${SYMBOL[kind](ink)}</g>`
  );
}

/** The class's colour and its mark: a prescription pad, a pharmacy cross, a tick. */
const CLASS_MARK: Record<SeedProduct["medicineClass"], { fill: string; symbol: string }> = {
  prescription: {
    fill: "#b91c1c",
    symbol: `<path d="M-7 -8h9a5 5 0 0 1 0 10h-9zM-7 -8v17M0 2l8 8" stroke="#ffffff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  pharmacy: {
    fill: "#b45309",
    symbol: `<path d="M-3 -9h6v6h6v6h-6v6h-6v-6h-6v-6h6z" fill="#ffffff"/>`,
  },
  otc: {
    fill: "#15803d",
    symbol: `<path d="M-8 0l5 6l11 -12" stroke="#ffffff" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
};

function classMark(medicineClass: SeedProduct["medicineClass"]): string {
  const { fill, symbol } = CLASS_MARK[medicineClass];
  return (
    `<rect x="184" y="12" width="44" height="44" rx="12" fill="${fill}"/>` +
    `<g transform="translate(206 34)">${symbol}</g>`
  );
}

/** One pill of a tablet pack, centred on (cx, cy). */
function pill(cx: number, cy: number, size: number, look: Pill, steel: string): string {
  const stroke = `stroke="${steel}" stroke-width="1.6"`;
  if (look.shape === "capsule")
    return `<g transform="translate(${cx} ${cy}) rotate(-25)">${capsule(size * 3, size * 1.3, look.fill, look.second ?? "#ffffff", "#ffffff")}</g>`;
  if (look.shape === "round")
    return `<circle cx="${cx}" cy="${cy}" r="${size}" fill="${look.fill}" ${stroke}/>`;
  if (look.shape === "oval")
    return `<ellipse cx="${cx}" cy="${cy}" rx="${size * 1.3}" ry="${size * 0.85}" fill="${look.fill}" ${stroke}/>`;
  return (
    `<rect x="${cx - size * 1.45}" y="${cy - size * 0.7}" width="${size * 2.9}" height="${size * 1.4}" rx="${size * 0.7}" fill="${look.fill}" ${stroke}/>` +
    `<path d="M${cx} ${cy - size * 0.6}v${size * 1.2}" stroke="${steel}" stroke-width="1.2"/>`
  );
}

/** A small medical cross, the only "logo" a pack gets. */
const cross = (cx: number, cy: number, size: number, fill: string) => {
  const t = size / 3;
  return `<path d="M${cx - t / 2} ${
    cy - size / 2
  }h${t}v${t}h${t}v${t}h${-t}v${t}h${-t}v${-t}h${-t}v${-t}h${t}z" fill="${fill}"/>`;
};

/** Capsule lying along the x axis centred on (0,0), two coloured halves. */
function capsule(length: number, width: number, left: string, right: string, highlight: string): string {
  const r = width / 2;
  const half = length / 2 - r;
  return (
    `<path d="M0 ${-r}h${half}a${r} ${r} 0 0 1 0 ${width}h${-half}z" fill="${right}"/>` +
    `<path d="M0 ${-r}v${width}h${-half}a${r} ${r} 0 0 1 0 ${-width}z" fill="${left}"/>` +
    `<rect x="${-half}" y="${-r + width * 0.2}" width="${length - width}" height="${width * 0.14}" rx="${
      width * 0.07
    }" fill="${highlight}" opacity=".45"/>`
  );
}

/** Sachet outline with serrated (heat-sealed) top and bottom edges. */
function sachetPath(x: number, y: number, w: number, h: number): string {
  const teeth = 8;
  const step = w / teeth;
  let d = `M${x} ${y}`;
  for (let i = 0; i < teeth; i++) d += `l${step / 2} -5l${step / 2} 5`;
  d += `v${h}`;
  for (let i = 0; i < teeth; i++) d += `l${-step / 2} 5l${-step / 2} -5`;
  return `${d}z`;
}

function blister(x: number, y: number, cols: number, rows: number, p: Palette, look: Pill): string {
  const pills = Array.from({ length: cols * rows }, (_, i) =>
    pill(x + 18 + (i % cols) * 26, y + 18 + Math.floor(i / cols) * 24, 8.5, look, p.steel),
  ).join("");
  return (
    `<rect x="${x}" y="${y}" width="${cols * 26 + 10}" height="${rows * 24 + 12}" rx="10" fill="${p.silver}" stroke="${p.steel}" stroke-width="2"/>` +
    pills
  );
}

const TABLET: Record<(typeof DESIGNS.tablet)[number] | "tube" | "tin", (p: Palette, v: Variant) => string> = {
  box: (p, v) =>
    `<rect x="58" y="50" width="98" height="136" rx="6" fill="${p.main}"/>` +
    `<rect x="58" y="50" width="98" height="16" rx="6" fill="${p.accent}"/>` +
    `<rect x="58" y="88" width="98" height="38" fill="${p.white}"/>` +
    cross(84, 107, 22, p.main) +
    `<rect x="102" y="101" width="42" height="12" rx="6" fill="${p.light}"/>` +
    `<g transform="rotate(${v.tilt} 150 150)">${blister(104, 118, 3, 2 + (v.bits % 2), p, v.pill)}</g>`,
  bottle: (p, v) =>
    `<rect x="96" y="44" width="60" height="30" rx="6" fill="${p.accent}"/>` +
    `<path d="M96 52h60M96 60h60M96 68h60" stroke="${p.white}" stroke-opacity=".35" stroke-width="1.5"/>` +
    `<rect x="84" y="72" width="84" height="116" rx="16" fill="${p.main}"/>` +
    `<rect x="84" y="104" width="84" height="50" fill="${p.white}"/>` +
    `<rect x="84" y="104" width="84" height="8" fill="${p.accent}"/>` +
    cross(106, 132, 18, p.main) +
    `<rect x="122" y="126" width="36" height="10" rx="5" fill="${p.light}"/>` +
    `<path d="M94 80v96" stroke="${p.white}" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>` +
    pill(62, 188, 10, v.pill, p.steel) +
    pill(188, 182, 10, v.pill, p.steel) +
    pill(196, 204, 9, v.pill, p.steel),
  strip: (p, v) =>
    `<g transform="rotate(${-16 + v.tilt} 130 128)">` +
    `<rect x="56" y="80" width="156" height="100" rx="12" fill="${p.main}"/>` +
    `<rect x="56" y="80" width="156" height="18" rx="9" fill="${p.accent}"/>` +
    blister(70, 104, 5, 2, p, v.pill) +
    `</g>`,
  carton: (p, v) =>
    `<path d="M44 108l26-22h130l-26 22z" fill="${p.accent}"/>` +
    `<path d="M174 108l26-22v64l-26 22z" fill="${p.dark}"/>` +
    `<rect x="44" y="108" width="130" height="64" fill="${p.main}"/>` +
    `<rect x="44" y="124" width="130" height="32" fill="${p.white}"/>` +
    cross(66, 140, 20, p.main) +
    `<rect x="86" y="134" width="70" height="12" rx="6" fill="${p.light}"/>` +
    pill(150, 196, 11, v.pill, p.steel) +
    pill(184, 192, 11, v.pill, p.steel),
  tub: (p, v) =>
    `<rect x="62" y="94" width="120" height="100" rx="16" fill="${p.main}"/>` +
    `<rect x="56" y="70" width="132" height="32" rx="9" fill="${p.accent}"/>` +
    `<path d="M68 74v24M80 74v24M92 74v24M104 74v24M116 74v24M128 74v24M140 74v24M152 74v24M164 74v24M176 74v24" stroke="${p.white}" stroke-opacity=".25" stroke-width="3"/>` +
    `<rect x="62" y="122" width="120" height="42" fill="${p.white}"/>` +
    cross(86, 143, 20, p.main) +
    `<rect x="106" y="137" width="60" height="12" rx="6" fill="${p.light}"/>` +
    pill(190, 196, 10, v.pill, p.steel) +
    pill(58, 204, 9, v.pill, p.steel),
  tube: (p, v) =>
    `<rect x="70" y="58" width="58" height="134" rx="10" fill="${p.main}"/>` +
    `<rect x="64" y="40" width="70" height="26" rx="7" fill="${p.accent}"/>` +
    `<rect x="70" y="100" width="58" height="50" fill="${p.white}"/>` +
    cross(99, 125, 22, p.main) +
    `<path d="M148 120h58l-7 72h-44z" fill="${p.glass}" stroke="${p.steel}" stroke-width="2"/>` +
    `<path d="M150 140h54l-5 52h-44z" fill="${p.light}"/>` +
    `<circle cx="166" cy="160" r="3" fill="${p.white}"/><circle cx="180" cy="150" r="2.5" fill="${p.white}"/>` +
    `<circle cx="188" cy="168" r="3.5" fill="${p.white}"/><circle cx="174" cy="176" r="2" fill="${p.white}"/>` +
    pill(178, 186, 9, v.pill, p.steel),
  tin: (p, v) =>
    `<rect x="50" y="112" width="140" height="52" fill="${p.dark}"/>` +
    `<ellipse cx="120" cy="164" rx="70" ry="20" fill="${p.dark}"/>` +
    `<ellipse cx="120" cy="112" rx="70" ry="20" fill="${p.main}"/>` +
    `<ellipse cx="120" cy="112" rx="52" ry="13" fill="${p.accent}"/>` +
    cross(120, 112, 16, p.main) +
    [
      [64, 196],
      [96, 202],
      [176, 196],
    ]
      .map(
        ([x, y]) =>
          `<path d="M${x} ${y - 9}l12 9-12 9-12-9z" fill="${v.pill.fill}" stroke="${p.steel}" stroke-width="1.6"/>`,
      )
      .join(""),
};

const DRAW: Record<ProductForm, Draw> = {
  tablet: (p, v, design) => TABLET[design in TABLET ? (design as keyof typeof TABLET) : "box"](p, v),
  capsule: (p, v, design) => {
    if (design === "pot") {
      // A clear pot: the capsules show through, under a lid and above a label in the pack colours.
      const inside = [
        [100, 104, -20],
        [138, 100, 30],
        [96, 134, 15],
        [136, 130, -35],
        [118, 118, 70],
      ]
        .map(
          ([x, y, r], i) =>
            `<g transform="translate(${x} ${y}) rotate(${r})">${capsule(34, 14, i % 2 ? p.accent : p.main, p.white, p.white)}</g>`,
        )
        .join("");
      return (
        `<rect x="76" y="80" width="92" height="118" rx="16" fill="${p.glass}" stroke="${p.steel}" stroke-width="2"/>` +
        inside +
        `<rect x="70" y="54" width="104" height="30" rx="8" fill="${p.accent}"/>` +
        `<path d="M82 58v22M94 58v22M106 58v22M118 58v22M130 58v22M142 58v22M154 58v22M166 58v22" stroke="${p.white}" stroke-opacity=".25" stroke-width="3"/>` +
        `<rect x="76" y="152" width="92" height="36" fill="${p.main}"/>` +
        cross(96, 170, 18, p.white) +
        `<rect x="112" y="165" width="44" height="10" rx="5" fill="${p.light}"/>`
      );
    }
    const second = v.bits % 2 ? p.white : p.accent;
    return (
      `<g transform="translate(104 96) rotate(${-35 + v.tilt})">${capsule(
        118,
        44,
        p.main,
        second,
        p.white,
      )}</g>` +
      `<g transform="translate(150 150) rotate(${25 - v.tilt})">${capsule(
        96,
        36,
        p.accent,
        p.main,
        p.white,
      )}</g>` +
      `<g transform="translate(78 166) rotate(${-8 + v.tilt})">${capsule(
        70,
        28,
        p.dark,
        second,
        p.white,
      )}</g>`
    );
  },
  syrup: (p, _v, design) =>
    design === "carton"
      ? // The bottle in front of its carton.
        `<path d="M112 62l18-14h70l-18 14z" fill="${p.light}"/>` +
        `<path d="M182 62l18-14v124l-18 14z" fill="${p.dark}"/>` +
        `<rect x="112" y="62" width="70" height="124" fill="${p.main}"/>` +
        `<rect x="112" y="96" width="70" height="40" fill="${p.white}"/>` +
        cross(132, 116, 18, p.main) +
        `<rect x="146" y="111" width="28" height="10" rx="5" fill="${p.light}"/>` +
        `<rect x="54" y="98" width="74" height="100" rx="14" fill="#7a3b12"/>` +
        `<rect x="76" y="80" width="30" height="22" fill="#7a3b12"/>` +
        `<rect x="70" y="60" width="42" height="24" rx="5" fill="${p.accent}"/>` +
        `<rect x="54" y="126" width="74" height="46" fill="${p.white}"/>` +
        `<rect x="54" y="126" width="74" height="9" fill="${p.main}"/>` +
        cross(76, 154, 16, p.accent) +
        `<path d="M62 106v82" stroke="${p.white}" stroke-opacity=".25" stroke-width="5" stroke-linecap="round"/>`
      : `<rect x="74" y="80" width="88" height="116" rx="16" fill="${p.dark}"/>` +
        `<rect x="98" y="60" width="40" height="26" fill="${p.dark}"/>` +
        `<rect x="90" y="36" width="56" height="30" rx="5" fill="${p.accent}"/>` +
        `<path d="M90 44h56M90 52h56M90 60h56" stroke="${p.white}" stroke-opacity=".35" stroke-width="2"/>` +
        `<rect x="74" y="112" width="88" height="54" fill="${p.white}"/>` +
        `<rect x="74" y="112" width="88" height="10" fill="${p.main}"/>` +
        cross(96, 146, 20, p.accent) +
        `<rect x="112" y="140" width="38" height="10" rx="5" fill="${p.light}"/>` +
        `<path d="M82 90v90" stroke="${p.white}" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>` +
        `<path d="M164 150h36l-6 46h-24z" fill="${p.glass}" stroke="${p.steel}" stroke-width="2"/>` +
        `<path d="M167 172h30l-3 24h-24z" fill="${p.light}"/>`,
  cream: (p, v) =>
    `<g transform="rotate(${-28 + v.tilt} 120 122)">` +
    `<rect x="30" y="98" width="18" height="52" rx="2" fill="${p.steel}"/>` +
    `<path d="M34 100v48M40 100v48M46 100v48" stroke="${p.silver}" stroke-width="2"/>` +
    `<path d="M48 96L164 108v32L48 152z" fill="${p.main}"/>` +
    `<path d="M80 99.5L132 105v38L80 148.5z" fill="${p.white}"/>` +
    cross(106, 124, 20, p.accent) +
    `<path d="M164 108l12 6v20l-12 6z" fill="${p.white}"/>` +
    `<rect x="176" y="106" width="30" height="36" rx="5" fill="${p.accent}"/>` +
    `<path d="M184 106v36M192 106v36M200 106v36" stroke="${p.white}" stroke-opacity=".3" stroke-width="2"/>` +
    `</g>`,
  injection: (p, v) =>
    `<rect x="44" y="100" width="58" height="92" rx="10" fill="${p.glass}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="46" y="140" width="54" height="50" rx="8" fill="${p.light}"/>` +
    `<rect x="44" y="128" width="58" height="28" fill="${p.main}"/>` +
    `<rect x="56" y="84" width="34" height="18" fill="${p.silver}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="50" y="64" width="46" height="22" rx="4" fill="${p.accent}"/>` +
    `<g transform="rotate(${-40 + v.tilt} 150 130)">` +
    `<path d="M62 130h34" stroke="${p.steel}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="94" y="124" width="12" height="12" rx="2" fill="${p.steel}"/>` +
    `<rect x="106" y="116" width="88" height="28" rx="4" fill="${p.white}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="108" y="118" width="50" height="24" fill="${p.main}" opacity=".75"/>` +
    `<path d="M122 116v9M136 116v9M150 116v9M164 116v9M178 116v9" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="190" y="108" width="7" height="44" rx="2" fill="${p.dark}"/>` +
    `<rect x="197" y="125" width="26" height="10" fill="${p.silver}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="222" y="112" width="8" height="36" rx="3" fill="${p.dark}"/>` +
    `</g>`,
  drops: (p) =>
    `<rect x="76" y="108" width="76" height="88" rx="12" fill="${p.main}"/>` +
    `<rect x="76" y="132" width="76" height="40" fill="${p.white}"/>` +
    cross(96, 152, 18, p.accent) +
    `<rect x="110" y="146" width="32" height="10" rx="5" fill="${p.light}"/>` +
    `<rect x="94" y="92" width="40" height="20" rx="3" fill="${p.white}" stroke="${p.steel}" stroke-width="2"/>` +
    `<path d="M98 92L110 44h8l12 48z" fill="${p.accent}"/>` +
    `<path d="M114 50v36" stroke="${p.white}" stroke-opacity=".4" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M178 70c0 0-20 24-20 38a20 20 0 0 0 40 0c0-14-20-38-20-38z" fill="${p.light}"/>` +
    `<path d="M170 110a9 9 0 0 0 8 8" stroke="${p.white}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  device: (p, v) => {
    const bars = Array.from({ length: 3 }, (_, i) => {
      const h = 10 + ((v.bits >>> (i * 3)) % 4) * 5;
      return `<rect x="${102 + i * 16}" y="${100 - h}" width="10" height="${h}" rx="2" fill="${p.light}"/>`;
    }).join("");
    return (
      `<rect x="66" y="40" width="108" height="156" rx="24" fill="${p.white}" stroke="${p.steel}" stroke-width="2"/>` +
      `<rect x="66" y="150" width="108" height="46" rx="24" fill="${p.main}"/>` +
      `<rect x="66" y="150" width="108" height="20" fill="${p.main}"/>` +
      `<rect x="82" y="58" width="76" height="54" rx="8" fill="${p.screen}"/>` +
      bars +
      `<circle cx="92" cy="104" r="4" fill="${p.accent}"/>` +
      `<circle cx="120" cy="134" r="12" fill="${p.accent}"/>` +
      `<circle cx="90" cy="134" r="7" fill="${p.silver}"/>` +
      `<circle cx="150" cy="134" r="7" fill="${p.silver}"/>` +
      `<path d="M174 170c24 0 30 14 30 30" stroke="${p.dark}" stroke-width="5" fill="none" stroke-linecap="round"/>`
    );
  },
  sachet: (p, v) =>
    `<g transform="rotate(${-14 + v.tilt} 96 118)">` +
    `<path d="${sachetPath(48, 60, 96, 116)}" fill="${p.accent}"/>` +
    `<rect x="48" y="100" width="96" height="30" fill="${p.white}" opacity=".8"/>` +
    `</g>` +
    `<g transform="rotate(${10 + v.tilt} 140 128)">` +
    `<path d="${sachetPath(92, 66, 98, 120)}" fill="${p.main}"/>` +
    `<path d="M92 78h98M92 174h98" stroke="${p.dark}" stroke-width="3"/>` +
    `<rect x="92" y="102" width="98" height="44" fill="${p.white}"/>` +
    cross(116, 124, 22, p.accent) +
    `<rect x="134" y="118" width="44" height="12" rx="6" fill="${p.light}"/>` +
    `</g>`,
  // The body always carries the pack colour: a white bottle would look like every other white bottle.
  bottle: (p, _v, design) =>
    design === "pump"
      ? `<rect x="110" y="70" width="20" height="26" fill="${p.silver}" stroke="${p.steel}" stroke-width="2"/>` +
        `<path d="M104 50h36v22h-36zM140 56h34v8h-34z" fill="${p.accent}"/>` +
        `<rect x="70" y="92" width="100" height="108" rx="26" fill="${p.main}"/>` +
        `<rect x="96" y="86" width="48" height="12" rx="4" fill="${p.accent}"/>` +
        `<rect x="70" y="126" width="100" height="46" fill="${p.white}"/>` +
        cross(94, 149, 20, p.main) +
        `<rect x="112" y="143" width="46" height="12" rx="6" fill="${p.light}"/>` +
        `<path d="M82 104v86" stroke="${p.white}" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>`
      : `<rect x="100" y="54" width="40" height="24" fill="${p.silver}"/>` +
        `<rect x="72" y="70" width="96" height="128" rx="22" fill="${p.main}"/>` +
        `<rect x="92" y="30" width="56" height="30" rx="6" fill="${p.accent}"/>` +
        `<path d="M92 38h56M92 46h56" stroke="${p.white}" stroke-opacity=".3" stroke-width="2"/>` +
        `<rect x="72" y="104" width="96" height="62" fill="${p.white}"/>` +
        `<rect x="72" y="104" width="96" height="10" fill="${p.accent}"/>` +
        cross(98, 140, 22, p.main) +
        `<rect x="116" y="134" width="38" height="12" rx="6" fill="${p.light}"/>` +
        `<path d="M84 80v100" stroke="${p.white}" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>`,
  inhaler: (p, v) =>
    `<g transform="rotate(${v.tilt} 120 120)">` +
    `<rect x="98" y="30" width="46" height="82" rx="12" fill="${p.silver}" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="90" y="76" width="62" height="114" rx="16" fill="${p.main}"/>` +
    `<path d="M90 160h-34a8 8 0 0 0-8 8v14a8 8 0 0 0 8 8h50v-30z" fill="${p.dark}"/>` +
    `<rect x="48" y="168" width="10" height="14" rx="3" fill="${p.accent}"/>` +
    `<circle cx="121" cy="112" r="11" fill="${p.white}"/>` +
    `<circle cx="121" cy="112" r="5" fill="${p.accent}"/>` +
    `<path d="M100 90v80" stroke="${p.white}" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>` +
    `</g>`,
  jar: (p, v) =>
    `<rect x="56" y="104" width="128" height="92" rx="18" fill="${v.bits % 2 ? p.white : p.glass}" stroke="${
      p.steel
    }" stroke-width="2"/>` +
    `<rect x="56" y="128" width="128" height="44" fill="${p.main}"/>` +
    `<circle cx="120" cy="150" r="16" fill="${p.white}"/>` +
    cross(120, 150, 18, p.accent) +
    `<rect x="50" y="72" width="140" height="38" rx="8" fill="${p.dark}"/>` +
    `<path d="M62 76v30M74 76v30M86 76v30M98 76v30M110 76v30M122 76v30M134 76v30M146 76v30M158 76v30M170 76v30M182 76v30" stroke="${p.white}" stroke-opacity=".18" stroke-width="3"/>`,
  box: (p) =>
    `<path d="M58 64l22-16h108l-22 16z" fill="${p.light}"/>` +
    `<path d="M166 64l22-16v128l-22 16z" fill="${p.dark}"/>` +
    `<rect x="58" y="64" width="108" height="128" fill="${p.main}"/>` +
    `<rect x="58" y="102" width="108" height="48" fill="${p.white}"/>` +
    cross(88, 126, 26, p.accent) +
    `<rect x="108" y="114" width="46" height="10" rx="5" fill="${p.light}"/>` +
    `<rect x="108" y="130" width="30" height="10" rx="5" fill="${p.light}"/>` +
    `<path d="M58 170h108" stroke="${p.white}" stroke-opacity=".35" stroke-width="4"/>`,
  dressing: (p) =>
    `<path d="M64 170h120l-40 26h-110z" fill="${p.light}"/>` +
    `<rect x="64" y="92" width="104" height="80" fill="${p.light}"/>` +
    `<ellipse cx="64" cy="132" rx="24" ry="40" fill="${p.light}"/>` +
    `<path d="M84 92v80M104 92v80M124 92v80M144 92v80" stroke="${p.main}" stroke-opacity=".25" stroke-width="3"/>` +
    `<ellipse cx="168" cy="132" rx="24" ry="40" fill="${p.glass}" stroke="${p.main}" stroke-width="3"/>` +
    `<ellipse cx="168" cy="132" rx="16" ry="27" fill="none" stroke="${p.main}" stroke-opacity=".6" stroke-width="3"/>` +
    `<ellipse cx="168" cy="132" rx="8" ry="14" fill="${p.dark}"/>` +
    `<rect x="100" y="116" width="36" height="32" rx="4" fill="${p.white}"/>` +
    cross(118, 132, 20, p.accent),
  infusion: (p) =>
    `<path d="M82 44h76a10 10 0 0 1 10 10v104q0 16-16 20l-14 4h-36l-14-4q-16-4-16-20v-104a10 10 0 0 1 10-10z" fill="${p.glass}" stroke="${p.steel}" stroke-width="2"/>` +
    `<circle cx="120" cy="56" r="6" fill="${p.bg}" stroke="${p.steel}" stroke-width="2"/>` +
    `<path d="M74 100h92v58q0 16-16 20l-14 4h-32l-14-4q-16-4-16-20z" fill="${p.light}"/>` +
    `<rect x="90" y="110" width="60" height="44" rx="4" fill="${p.white}"/>` +
    `<rect x="90" y="110" width="60" height="10" rx="2" fill="${p.main}"/>` +
    cross(106, 138, 16, p.accent) +
    `<rect x="120" y="134" width="22" height="8" rx="4" fill="${p.light}"/>` +
    `<path d="M82 74h14M82 84h10M82 94h14" stroke="${p.steel}" stroke-width="2"/>` +
    `<rect x="112" y="182" width="16" height="14" rx="2" fill="${p.accent}"/>` +
    `<path d="M120 196c0 20 30 10 40 6s28-4 34 6" stroke="${p.steel}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
};

/** A drawing's parts: the tinted background, the pack, and the kind badge, each a run of SVG elements. */
export function productLayers(product: SeedProduct): { background: string; pack: string; badge: string } {
  const { palette: p, variant, kind, design } = paletteFor(product);
  return {
    background:
      `<rect width="${SIZE}" height="${SIZE}" fill="${p.bg}"/>` +
      `<circle cx="128" cy="120" r="94" fill="${p.halo}"/>` +
      `<ellipse cx="128" cy="206" rx="78" ry="9" fill="${p.shadow}"/>`,
    pack: DRAW[product.form](p, variant, design),
    badge: kindBadge(kind) + classMark(product.medicineClass),
  };
}

/** A picture as an SVG document of the given parts (all of them by default). */
export function svgOf(parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${parts.join("")}</svg>`;
}

export function productSvg(product: SeedProduct): string {
  const { background, pack, badge } = productLayers(product);
  return svgOf([background, pack, badge]);
}

export async function productImage(product: SeedProduct): Promise<Uint8Array> {
  // quality 60 / effort 6 keeps these flat drawings at a few KB each.
  const webp = await sharp(Buffer.from(productSvg(product)))
    .webp({ quality: 60, effort: 6 })
    .toBuffer();
  return new Uint8Array(webp);
}
